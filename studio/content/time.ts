/**
 * Moments in content are ISO 8601 with an offset (2026-12-03T19:00:00+03:00).
 * The form shows their wall-clock time as written (Moscow for the agency's
 * own events) and keeps the offset they had, Moscow's for a new one.
 */
const MOSCOW = "+03:00";
const ISO = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** "2026-12-03T19:00:00+03:00" → "2026-12-03T19:00" for <input type="datetime-local">. */
export function toLocalInput(value: string): string {
  return ISO.exec(value)?.[1] ?? "";
}

/** "2026-12-03T19:00" → "2026-12-03T19:00:00+03:00", keeping the offset `previous` had. */
export function fromLocalInput(local: string, previous: string): string {
  if (!local) return "";
  const offset = ISO.exec(previous)?.[2] ?? MOSCOW;
  return `${local}:00${offset === "Z" ? "+00:00" : offset}`;
}
