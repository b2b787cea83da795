/**
 * What each field of the forms is called where a person reads it back: the studio's documents for
 * the person (their copy of what is held), beside the schemas (schemas.ts) that define the fields.
 * The forms' own labels say the same in the visitor's words (app/forms/).
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: "Имя",
  email: "E-mail",
  phone: "Телефон",
  company: "Компания",
  services: "Услуги",
  budget: "Бюджет",
  message: "Сообщение",
  newsletter: "Подписка на\u00a0рассылку",
  position: "Вакансия",
  cvLink: "Ссылка на\u00a0резюме",
  letter: "Сопроводительное письмо",
  event: "Событие",
};

/** The purposes a consent was given for (server/leads/submit.ts writes them). */
export const CONSENT_PURPOSES: Readonly<Record<string, string>> = {
  leads: "обработка заявки",
  jobs: "рассмотрение отклика на\u00a0вакансию",
  newsletter: "рассылка",
  events: "регистрация на\u00a0событие",
};

/** A field's value as words: lists by their names, choices by their labels, yes and no. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "boolean") return value ? "да" : "нет";
  if (Array.isArray(value)) return value.map((v) => fieldText(v)).filter(Boolean).join(", ");
  if (typeof value === "object") {
    const o = value as { name?: unknown; label?: unknown; title?: unknown; when?: unknown };
    const named = o.name ?? o.label ?? o.title;
    if (named === undefined) return "";
    // An event is named with its date: «Вебинар о сквозной аналитике, 5 марта 2026, 19:00 МСК».
    return typeof o.when === "string" && o.when !== "" ? `${String(named)}, ${o.when}` : String(named);
  }
  return String(value);
}
