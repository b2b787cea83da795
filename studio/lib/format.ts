import { inMoscow } from "#core/lib/moscow-time.ts";
/**
 * Dates as people in the agency read them: Russian, Moscow time (the agency's
 * own; the server stores milliseconds since the epoch).
 */

/** 1764100000000 → «25 ноября 2025 г. в 22:46» */
export function formatDateTime(ms: number): string {
  return inMoscow(ms, "dateTime");
}

/** 1764100000000 → «25 ноября 2025 г.» */
export function formatDate(ms: number): string {
  return inMoscow(ms, "date");
}

/** A machine-readable moment for <time dateTime>. */
export function isoDateTime(ms: number): string {
  return new Date(ms).toISOString();
}
