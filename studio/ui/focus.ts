import { useEffect } from "react";

/**
 * After a submit comes back with field errors, focus moves to the first
 * invalid control of `form`, so the person hears what to fix.
 */
export function useFocusFirstError(form: HTMLFormElement | null, errors: Record<string, string> | undefined): void {
  useEffect(() => {
    if (!form || !errors || Object.keys(errors).length === 0) return;
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, errors]);
}
