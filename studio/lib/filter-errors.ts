import { type FormEvent, useState } from "react";
import { checkFilter } from "#core/studio/filter-checks.ts";
import { ApiFailure } from "../api/client.ts";

/**
 * A list page whose filter has a wrong value (typed into the address, or a
 * name where a login goes) keeps its list: the loader asks again without the
 * values the server refused and hands their messages to the fields. The form
 * checks what it can before asking (core/studio/filter-checks.ts).
 */
export type FilterErrors = Record<string, string>;

/** The dates go together: a refused one drops both, so the list is the one before they were set. */
const TOGETHER: Record<string, string[]> = { from: ["from", "to"], to: ["from", "to"] };

export async function withFilterErrors<T>(query: URLSearchParams, load: (query: URLSearchParams) => Promise<T>): Promise<T & { filterErrors: FilterErrors }> {
  const filterErrors: FilterErrors = {};
  const current = new URLSearchParams(query);
  // Each round drops at least one value: as many rounds as there are values, then one without.
  for (let round = 0; round <= query.size; round++) {
    try {
      return { ...(await load(current)), filterErrors };
    } catch (error) {
      const refused = error instanceof ApiFailure && error.status === 400 ? Object.keys(error.errors).filter((name) => current.has(name)) : [];
      if (refused.length === 0) throw error;
      for (const name of refused) {
        filterErrors[name] = (error as ApiFailure).errors[name] as string;
        for (const dropped of TOGETHER[name] ?? [name]) current.delete(dropped);
      }
      current.delete("page");
    }
  }
  return { ...(await load(current)), filterErrors };
}

/** The form's own check before it asks, and the messages to show at the fields (its own, or the server's). */
export function useFilterForm(serverErrors: FilterErrors) {
  // The form's own findings hold for the answer they were made on; a new answer of the server replaces them.
  const [checked, setChecked] = useState<{ on: FilterErrors; errors: FilterErrors }>({ on: serverErrors, errors: {} });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const value = (name: string) => {
      const entry = data.get(name);
      return typeof entry === "string" ? entry : undefined;
    };
    const found = checkFilter({ from: value("from"), to: value("to"), actor: value("actor") });
    setChecked({ on: serverErrors, errors: found });
    const first = Object.keys(found)[0];
    if (first) {
      event.preventDefault();
      // A day's visible field carries its name as data-name (the hidden one sends the ISO day).
      event.currentTarget.querySelector<HTMLElement>(`[data-name="${first}"], [name="${first}"]:not([type="hidden"])`)?.focus();
    }
  };
  const own = checked.on === serverErrors ? checked.errors : {};
  return { errors: Object.keys(own).length > 0 ? own : serverErrors, onSubmit };
}
