import type { FieldErrors, FormKind, FormValues } from "./kinds.ts";

/** What the server answers to a form: the JSON of /api/forms/* and the action data of /forms/*. */
export type FormAnswer =
  | {
      ok: true;
      /** The submission's id, for machines (a repeat sends it again). */
      id: string;
      form: FormKind;
      /** Its kind's number, the one the studio, the letters and the CRM name it by (numberLabel); none for what was not kept (a bot's). */
      number?: number;
    }
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
  event: "form_event",
};
