import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { paths } from "#core/lib/paths.ts";
import type { FormAnswer } from "#core/forms/answer.ts";
import { reachGoal } from "./goal.ts";
import { MESSAGES as M } from "#core/forms/messages.ts";
import type { FieldErrors, FormKind, FormValues } from "#core/forms/kinds.ts";
import { hasNavigated } from "../runtime/app-state.ts";
import { captureUtm } from "#core/forms/utm.ts";
import { captureVisit, VISIT_FIELDS } from "#core/forms/visit.ts";

/**
 * State and behaviour shared by every form. Without JavaScript the form is a
 * plain POST to /forms/<kind>/. With it: validation as fields are left, the
 * post goes to /api/forms/<kind>/ without a page load, the typed input stays
 * on any failure, and the same submission id is reused until one succeeds
 * (a retry after a timeout cannot create a second submission). The schemas
 * load with the first check, not with the page.
 */
async function validate(kind: FormKind, form: FormData, serviceSlugs: readonly string[]): Promise<FieldErrors> {
  const { validateInBrowser } = await import("#core/forms/schemas.ts");
  return validateInBrowser(kind, form, serviceSlugs);
}

export type LeadForm = ReturnType<typeof useLeadForm>;

function newId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Names of the fields that hold a value, apart from the one being typed in (its check comes when it is left). */
function filledBeforeHydration(form: HTMLFormElement): string[] {
  const names = new Set<string>();
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) continue;
    if (!element.name || element.name === "homepage" || element.type === "hidden" || element === document.activeElement) continue;
    const filled =
      element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")
        ? element.checked && !element.defaultChecked
        : element instanceof HTMLInputElement && element.type === "file"
          ? (element.files?.length ?? 0) > 0
          : element.value !== "" && element.value !== (element instanceof HTMLSelectElement ? "" : element.defaultValue);
    if (filled) names.add(element.name);
  }
  return [...names];
}

/** What is posted: the fields, the submission's id, how long the form was on screen, and where the visit came from. */
function postBody(form: HTMLFormElement, id: string, elapsedMs: number): FormData {
  const body = new FormData(form);
  body.set("id", id);
  body.set("elapsed", String(Math.round(elapsedMs)));
  for (const [key, value] of Object.entries(captureUtm(window.location.search))) body.set(key, value);
  const visit = captureVisit(window.location, document.referrer);
  if (visit.referrer) body.set(VISIT_FIELDS.referrer, visit.referrer);
  if (visit.landing) body.set(VISIT_FIELDS.landing, visit.landing);
  return body;
}

/** `serviceSlugs`: the services a project request may name. */
export function useLeadForm(kind: FormKind, initial?: FormAnswer, serviceSlugs: readonly string[] = []) {
  const prefix = useId();
  const location = useLocation();
  const touched = useRef(new Set<string>());
  const formRef = useRef<HTMLFormElement>(null);
  const shownAt = useRef(0);
  const failed = initial && !initial.ok ? initial : undefined;
  const [errors, setErrors] = useState<FieldErrors>(failed?.errors ?? {});
  const [message, setMessage] = useState(failed?.message ?? "");
  const [sending, setSending] = useState(false);
  // What the server answered to the form sent: its id and the number the visitor is shown.
  const [sent, setSent] = useState<{ id: string; number?: number } | null>(initial?.ok ? { id: initial.id, number: initial.number } : null);
  // Made at the first attempt and kept until one succeeds.
  const submissionId = useRef("");

  // A form of the first page has been on screen since the document loaded (time 0),
  // however late its code arrived (app/forms/deferred.tsx); a later page's since it mounted.
  // What the visitor filled in before the code arrived is checked now, as if left just now.
  useEffect(() => {
    shownAt.current = hasNavigated() ? performance.now() : 0;
    const element = formRef.current;
    if (!element) return;
    const filled = filledBeforeHydration(element);
    if (filled.length === 0) return;
    for (const name of filled) touched.current.add(name);
    void check(element, "touched");
    // Once, when the form's code has arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function check(form: HTMLFormElement, fields: "touched" | "all"): Promise<FieldErrors> {
    const found = await validate(kind, new FormData(form), serviceSlugs);
    if (fields === "all") {
      setErrors(found);
      return found;
    }
    setErrors(Object.fromEntries(Object.entries(found).filter(([name]) => touched.current.has(name))));
    return found;
  }

  /** Leaving a field shows what is wrong with it (and with fields left before). */
  function onBlur(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (!name || name === "homepage") return;
    touched.current.add(name);
    void check(event.currentTarget, "touched");
  }

  /** A field with an error is checked again as it changes, so the message goes as soon as it is fixed. */
  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    if (target.type === "file") touched.current.add(target.name);
    if (errors[target.name] !== undefined || target.type === "file") void check(event.currentTarget, "touched");
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (sending) return;
    const found = await check(form, "all");
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      for (const name of Object.keys(found)) touched.current.add(name);
      setMessage(M.form.invalid);
      form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    submissionId.current ||= newId();
    const body = postBody(form, submissionId.current, performance.now() - shownAt.current);
    setSending(true);
    setMessage("");
    try {
      const response = await fetch(paths.formApi(kind), { method: "POST", body, headers: { Accept: "application/json" } });
      // Anything but our JSON (a proxy's error page, say) means the form was not taken.
      const answer = (await response.json().catch(() => ({ ok: false, message: M.form.unavailable }))) as FormAnswer;
      if (answer.ok) {
        submissionId.current = "";
        setSent({ id: answer.id, number: answer.number });
        reachGoal(kind);
        return;
      }
      setErrors(answer.errors ?? {});
      setMessage(answer.message);
    } catch {
      setMessage(M.form.offline);
    } finally {
      setSending(false);
    }
  }

  /** Sends another one: a new id, the same page. */
  function reset() {
    setSent(null);
    setErrors({});
    setMessage("");
    touched.current.clear();
    shownAt.current = performance.now();
  }

  const values: FormValues = failed?.values ?? {};
  return {
    kind,
    prefix,
    errors,
    message,
    sending,
    sent,
    // A page re-shown after an error keeps the address the form was first sent from.
    page: typeof values.page === "string" && values.page !== "" ? values.page : location.pathname,
    values,
    reset,
    handlers: { onSubmit, onBlur, onChange, ref: formRef },
    fieldId: (name: string) => `${prefix}-${name}`,
  };
}
