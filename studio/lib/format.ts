/**
 * Dates as people in the agency read them: Russian, Moscow time (the agency's
 * own; the server stores milliseconds since the epoch).
 */
export const TIME_ZONE = "Europe/Moscow";

const dateTime = new Intl.DateTimeFormat("ru-RU", { timeZone: TIME_ZONE, day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" });
const dateOnly = new Intl.DateTimeFormat("ru-RU", { timeZone: TIME_ZONE, day: "numeric", month: "long", year: "numeric" });

/** 1764100000000 → «25 ноября 2025 г. в 22:46» */
export function formatDateTime(ms: number): string {
  return dateTime.format(ms);
}

/** 1764100000000 → «25 ноября 2025 г.» */
export function formatDate(ms: number): string {
  return dateOnly.format(ms);
}

/** A machine-readable moment for <time dateTime>. */
export function isoDateTime(ms: number): string {
  return new Date(ms).toISOString();
}
