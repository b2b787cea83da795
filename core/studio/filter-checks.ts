import { LOGIN_PATTERN, normalizeLogin } from "./rules.ts";

/**
 * Checks of the studio's list filters (the inbox, the journal) that the page makes before it
 * asks and the server makes again (server/studio/inbox/filter.ts, server/studio/api/audit.ts):
 * a wrong value is a message at its field, and the list stays.
 */
export const FILTER_FIELD_MESSAGES = {
  dates: "Дата «по» раньше даты «с»",
  date: "Укажите дату в\u00a0виде ДД.ММ.ГГГГ",
  actor: "Здесь нужен логин, а\u00a0не\u00a0имя: латинские буквы, цифры, точка или дефис, например anna.petrova",
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Errors by field of a filter's values as a form sends them (`from`, `to` as YYYY-MM-DD; `actor` a login). */
export function checkFilter(values: { from?: string; to?: string; actor?: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  const from = values.from?.trim() ?? "";
  const to = values.to?.trim() ?? "";
  if (from && !DAY.test(from)) errors.from = FILTER_FIELD_MESSAGES.date;
  if (to && !DAY.test(to)) errors.to = FILTER_FIELD_MESSAGES.date;
  // Same-length ISO days compare as text.
  if (!errors.from && !errors.to && from && to && to < from) errors.to = FILTER_FIELD_MESSAGES.dates;
  const actor = normalizeLogin(values.actor ?? "");
  if (actor && !LOGIN_PATTERN.test(actor)) errors.actor = FILTER_FIELD_MESSAGES.actor;
  return errors;
}
