/**
 * Dates as people in Russia type them: 25.11.2026 and 25.11.2026 19:00.
 * Files keep ISO 8601 (2026-11-25, 2026-12-03T19:00:00+03:00). A moment is
 * shown at the wall-clock time it was written with (Moscow for the agency's
 * own events), and keeps its offset; a new one gets Moscow's. What does not
 * read as a date is passed on as typed, for the schema to refuse.
 */
const MOSCOW = "+03:00";
const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const RU_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const RU_MOMENT = /^(\d{1,2})\.(\d{1,2})\.(\d{4})[ ,]+(\d{1,2}):(\d{2})$/;
const two = (n: string) => n.padStart(2, "0");

/** "2026-11-25" → "25.11.2026" (anything else as it is). */
export function dateToRussian(value: string): string {
  const m = ISO_DATE.exec(value);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : value;
}

/** "25.11.2026" → "2026-11-25" (anything else as typed). */
export function dateFromRussian(text: string): string {
  const m = RU_DATE.exec(text.trim());
  return m ? `${m[3]}-${two(m[2] as string)}-${two(m[1] as string)}` : text.trim();
}

/** "2026-12-03T19:00:00+03:00" → "03.12.2026 19:00". */
export function momentToRussian(value: string): string {
  const m = ISO.exec(value);
  return m ? `${m[3]}.${m[2]}.${m[1]} ${m[4]}:${m[5]}` : value;
}

/** The offset of an IANA zone at a wall-clock moment: "+05:00" (Moscow's if the zone is unknown). */
export function zoneOffset(zone: string, wall: { y: number; m: number; d: number; h: number; min: number }): string {
  try {
    const at = Date.UTC(wall.y, wall.m - 1, wall.d, wall.h, wall.min);
    const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "";
    const m = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
    return m ? `${m[1]}:${m[2] ?? "00"}` : "+00:00";
  } catch {
    return MOSCOW;
  }
}

/**
 * "03.12.2026 20:30" → "2026-12-03T20:30:00+05:00": the offset of `zone` at
 * that time when the form has a zone (an event's), else the one `previous` had.
 */
export function momentFromRussian(text: string, previous: string, zone?: string): string {
  const m = RU_MOMENT.exec(text.trim());
  if (!m) return text.trim();
  const wall = { y: Number(m[3]), m: Number(m[2]), d: Number(m[1]), h: Number(m[4]), min: Number(m[5]) };
  const offset = zone ? zoneOffset(zone, wall) : (ISO.exec(previous)?.[6] ?? MOSCOW);
  return `${m[3]}-${two(m[2] as string)}-${two(m[1] as string)}T${two(m[4] as string)}:${m[5]}:00${offset === "Z" ? "+00:00" : offset}`;
}

/**
 * A moment moved to another zone at the same wall-clock time: "2026-12-03T19:00:00+03:00" in
 * Asia/Yekaterinburg → "2026-12-03T19:00:00+05:00". What an editor means by correcting an event's
 * zone: the time they typed and see stays, the zone it is read in changes. Anything else as it is.
 */
export function momentInZone(value: string, zone: string): string {
  return ISO.test(value) ? momentFromRussian(momentToRussian(value), value, zone) : value;
}
