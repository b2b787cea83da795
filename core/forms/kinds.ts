/**
 * The forms' vocabulary without their schemas: what links, the forms and the
 * server's routes share, while the schemas (zod) load only when a visitor
 * starts filling a form (core/forms/schemas.ts).
 */
export const FORM_KINDS = ["project", "job", "subscribe", "event"] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export function isFormKind(value: string | undefined): value is FormKind {
  return (FORM_KINDS as readonly string[]).includes(value ?? "");
}

/**
 * What a submission is called by its number, the same wherever people read it: the answer
 * after sending a form, the letters, the studio, its export and journal, the CRM's payload
 * («Заявка №\u00a04», «Отклик №\u00a03», «Подписка №\u00a02», «Регистрация №\u00a01»). Each kind counts on its own.
 */
export const NUMBER_WORDS: Record<FormKind, string> = { project: "Заявка", job: "Отклик", subscribe: "Подписка", event: "Регистрация" };

export function numberLabel(kind: FormKind, n: number | null | undefined): string {
  return n === null || n === undefined ? NUMBER_WORDS[kind] : `${NUMBER_WORDS[kind]} №\u00a0${n}`;
}

/** Budget ranges offered in the project request. */
export const BUDGETS = {
  "under-300k": "до 300 тыс. ₽",
  "300k-1m": "300 тыс. — 1 млн ₽",
  "1m-3m": "1–3 млн ₽",
  "over-3m": "больше 3 млн ₽",
  unknown: "пока не знаю",
} as const;
export type Budget = keyof typeof BUDGETS;

/** What the visitor typed, as the form shows it again after an error (files cannot be sent back). */
export type FormValues = Record<string, string | string[] | boolean>;

/** Field name → the first message about it (what a form shows under each field). */
export type FieldErrors = Partial<Record<string, string>>;
