import * as z from "zod/mini";
import { CV_MAX_BYTES, cvTypeByName, sniffCvType } from "./file-type.ts";
import { MESSAGES as M } from "./messages.ts";
import { type Budget, type FieldErrors, type FormKind, type FormValues, BUDGETS } from "./kinds.ts";
import { UTM_KEYS } from "./utm.ts";
import { cleanLanding, cleanReferrer, VISIT_FIELDS, type Visit } from "./visit.ts";
import { CAMPAIGN_FIELDS } from "./campaign.ts";
import { normalizePhone } from "./phone.ts";

/**
 * One schema per form, used by the browser (inline validation) and by the
 * server (the decision). zod/mini keeps what the browser downloads small, and
 * the browser loads this module only once a visitor starts filling a form.
 * Inputs are what a form sends: strings, checkboxes as booleans, files.
 */

const text = (max: number, long: string) => z.string().check(z.trim(), z.maxLength(max, long));
const required = (max: number, empty: string, long: string) =>
  z.string().check(z.trim(), z.minLength(1, empty), z.maxLength(max, long));

const EMAIL = z.email();
/** An e-mail address; "" is allowed unless a message for the empty field is given. */
const email = (empty?: string) =>
  z.string().check(
    z.trim(),
    ...(empty ? [z.minLength(1, empty)] : []),
    z.maxLength(254, M.email.long),
    z.refine((v) => v === "" || EMAIL.safeParse(v).success, M.email.invalid),
  );

/** "" stays "" (not given); anything else becomes E.164 or fails. */
const phone = () =>
  z.pipe(
    z.string().check(z.trim()),
    z.transform((value, ctx) => {
      if (value === "") return "";
      const normalized = normalizePhone(value);
      if (normalized) return normalized;
      ctx.issues.push({ code: "custom", message: M.phone.invalid, input: value });
      return z.NEVER;
    }),
  );

const consent = (message: string) => z.literal(true, message);

/** Where the form was sent from and how the visitor came: filled in by the page, never by the visitor. */
const origin = {
  page: z.string().check(z.trim(), z.maxLength(300, M.form.invalid)),
  utm: z.record(z.string(), z.string().check(z.maxLength(200, M.form.invalid))),
  // Cleaned when read (readForm): a value that is no host or path is dropped, never an error to show.
  visit: z.object({ referrer: z.nullable(z.string()), landing: z.nullable(z.string()) }),
};

const isObject = (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null;

/**
 * Zod compiles a parser per schema instance: a schema built over a list (the services offered, the
 * events open) is built once per list, not per request or render; a few lists are kept.
 */
function builtOncePerList<L extends readonly string[] | null, S>(build: (list: L) => S): (list: L) => S {
  const kept = new Map<string, S>();
  return (list) => {
    const key = list === null ? "*" : list.join(",");
    let schema = kept.get(key);
    if (!schema) {
      if (kept.size > 8) kept.clear();
      schema = build(list);
      kept.set(key, schema);
    }
    return schema;
  };
}

export const projectSchema = builtOncePerList((serviceSlugs: readonly string[]) => buildProjectSchema(serviceSlugs));

function buildProjectSchema(serviceSlugs: readonly string[]) {
  return z
    .object({
      name: required(100, M.name.required, M.name.long),
      phone: phone(),
      email: email(),
      company: text(200, M.company.long),
      services: z.array(z.string().check(z.refine((slug) => serviceSlugs.includes(slug), M.services.unknown))),
      budget: z.string().check(z.refine((v): v is Budget | "" => v === "" || Object.hasOwn(BUDGETS, v), M.budget.unknown)),
      message: text(5000, M.message.long),
      consent: consent(M.consent.processing),
      newsletter: z.boolean(),
      ...origin,
    })
    .check(
      z.refine((v) => v.phone !== "" || v.email !== "", { message: M.contact, path: ["email"], when: isObject }),
      z.refine((v) => v.phone !== "" || v.email !== "", { message: M.contact, path: ["phone"], when: isObject }),
    );
}

/** A CV: empty means "not attached". Size and name are checked here; content by `checkCvContent`. */
const cvFile = z.optional(
  z.file().check(
    z.refine((file) => file.size <= CV_MAX_BYTES, { message: M.cv.tooLarge, abort: true }),
    z.refine((file) => cvTypeByName(file.name) !== null, M.cv.wrongType),
  ),
);

const cvLink = z.string().check(
  z.trim(),
  z.maxLength(500, M.cvLink.invalid),
  z.refine((v) => v === "" || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), M.cvLink.invalid),
);

export const jobSchema = z
  .object({
    position: z.string().check(z.trim(), z.minLength(1, M.position.unknown)),
    name: required(100, M.name.required, M.name.long),
    email: email(M.email.required),
    phone: z.pipe(phone(), z.string().check(z.minLength(1, M.phone.required))),
    cv: cvFile,
    cvLink,
    letter: text(5000, M.letter.long),
    consent: consent(M.consent.processing),
    ...origin,
  })
  .check(z.refine((v) => v.cv !== undefined || v.cvLink !== "", { message: M.cv.required, path: ["cv"], when: isObject }));

export const subscribeSchema = z.object({
  email: email(M.email.required),
  consent: consent(M.consent.newsletter),
  ...origin,
});

/**
 * A registration for one of the site's events: the event is the page's (a hidden input of a
 * landing's form), checked on the server against the events still open (`openEvents`); the
 * browser, which has no list of them, checks only that one is named (null).
 */
export const eventSchema = builtOncePerList((openEvents: readonly string[] | null) => buildEventSchema(openEvents));

function buildEventSchema(openEvents: readonly string[] | null) {
  return z.object({
    event: z.string().check(z.trim(), z.refine((slug) => slug !== "" && (openEvents === null || openEvents.includes(slug)), M.event.closed)),
    name: required(100, M.name.required, M.name.long),
    email: email(M.email.required),
    phone: phone(),
    company: text(200, M.company.long),
    consent: consent(M.consent.event),
    ...origin,
  });
}

export type ProjectData = z.output<ReturnType<typeof buildProjectSchema>>;
export type JobData = z.output<typeof jobSchema>;
export type SubscribeData = z.output<typeof subscribeSchema>;

/** The inputs of each form by kind: how to read them from FormData. */
const FIELDS: Record<FormKind, { text: readonly string[]; checkbox: readonly string[]; list: readonly string[]; file: readonly string[] }> = {
  project: { text: ["name", "phone", "email", "company", "budget", "message", "page"], checkbox: ["consent", "newsletter"], list: ["services"], file: [] },
  job: { text: ["position", "name", "email", "phone", "cvLink", "letter", "page"], checkbox: ["consent"], list: [], file: ["cv"] },
  subscribe: { text: ["email", "page"], checkbox: ["consent"], list: [], file: [] },
  event: { text: ["event", "name", "email", "phone", "company", "page"], checkbox: ["consent"], list: [], file: [] },
};


/**
 * Every name a form may send, and those of them that may be a file: what the
 * server lets through to the form's action (server/leads/form-body.ts). Besides
 * the inputs, the page's own: the bot trap, timing and client id (server/leads/submit.ts),
 * the visit's tags. A name outside this list is refused before anything is built from it.
 */
export function formParts(kind: FormKind): { names: ReadonlySet<string>; files: ReadonlySet<string> } {
  const fields = FIELDS[kind];
  const names = [...fields.text, ...fields.checkbox, ...fields.list, ...fields.file, "homepage", "elapsed", "id", ...UTM_KEYS, ...Object.values(VISIT_FIELDS), ...Object.values(CAMPAIGN_FIELDS)];
  return { names: new Set(names), files: new Set(fields.file) };
}

/** The schema input of a form: missing text is "", a checkbox is true when sent, an empty file input is no file. */
export function readForm(kind: FormKind, form: FormData): Record<string, unknown> {
  const fields = FIELDS[kind];
  const input: Record<string, unknown> = formValues(kind, form);
  for (const name of fields.file) {
    const value = form.get(name);
    input[name] = typeof value === "object" && value !== null && (value.size > 0 || value.name !== "") ? value : undefined;
  }
  const utm: Record<string, string> = {};
  for (const key of UTM_KEYS) {
    const value = form.get(key);
    if (typeof value === "string" && value.trim() !== "") utm[key] = value.trim();
  }
  input.utm = utm;
  input.visit = { referrer: cleanReferrer(form.get(VISIT_FIELDS.referrer)), landing: cleanLanding(form.get(VISIT_FIELDS.landing)) } satisfies Visit;
  return input;
}

export function formValues(kind: FormKind, form: FormData): FormValues {
  const fields = FIELDS[kind];
  const values: FormValues = {};
  for (const name of fields.text) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  for (const name of fields.checkbox) values[name] = form.get(name) !== null;
  for (const name of fields.list) values[name] = form.getAll(name).filter((v): v is string => typeof v === "string");
  return values;
}


export function fieldErrors(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Reads the CV's bytes: its content must match one of the accepted types. */
export async function checkCvContent(file: File): Promise<string | null> {
  const type = sniffCvType(new Uint8Array(await file.arrayBuffer()));
  return type ? null : M.cv.unreadable;
}

/**
 * A form's schema over the lists it checks against: the services offered, the events still open
 * (null: not known here, as in the browser). The one choice the server and the browser share.
 */
export function schemaFor(kind: FormKind, lists: { services: readonly string[]; openEvents: readonly string[] | null }) {
  if (kind === "project") return projectSchema(lists.services);
  if (kind === "job") return jobSchema;
  if (kind === "event") return eventSchema(lists.openEvents);
  return subscribeSchema;
}

/**
 * What the browser shows under each field: the form's schema over what the
 * form would send, and for a CV that passes by name and size, its bytes.
 */
export async function validateInBrowser(kind: FormKind, form: FormData, serviceSlugs: readonly string[]): Promise<FieldErrors> {
  const input = readForm(kind, form);
  const result = schemaFor(kind, { services: serviceSlugs, openEvents: null }).safeParse(input);
  const errors = result.success ? {} : fieldErrors(result.error);
  if (kind === "job" && !errors.cv && input.cv instanceof File) {
    const problem = await checkCvContent(input.cv);
    if (problem) errors.cv = problem;
  }
  return errors;
}
