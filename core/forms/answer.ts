import type { FieldErrors, FormKind, FormValues } from "./kinds.ts";

/** What the server answers to a form: the JSON of /api/forms/* and the action data of /forms/*. */
export type FormAnswer =
  | { ok: true; id: string; form: FormKind }
  | {
      ok: false;
      /** One sentence about the whole form, shown above the button. */
      message: string;
      /** Field name → message, for 422. */
      errors?: FieldErrors;
      /** What the visitor typed (pages without JavaScript show it again). */
      values?: FormValues;
    };

/** Metrica goal reached by each form's successful submission. */
export const GOALS: Record<FormKind, string> = {
  project: "form_project",
  job: "form_job",
  subscribe: "form_subscribe",
};
