import { formatDate } from "./format.ts";

/** What ordering needs to know about an event. */
type Timed = { startsAt: string; endsAt?: string | undefined };

/**
 * Upcoming events (not yet over at `now`), nearest first, then past ones,
 * most recent first. An event under way counts as upcoming: it can still be
 * joined. Dates are compared as instants, so offsets in the content are honoured.
 */
export function splitEvents<T extends Timed>(events: readonly T[], now: Date): { upcoming: T[]; past: T[] } {
  const end = (e: T) => Date.parse(e.endsAt ?? e.startsAt);
  const start = (e: T) => Date.parse(e.startsAt);
  const upcoming = events.filter((e) => end(e) >= now.getTime()).sort((a, b) => start(a) - start(b));
  const past = events.filter((e) => end(e) < now.getTime()).sort((a, b) => start(b) - start(a));
  return { upcoming, past };
}

const ZONE_LABELS: Record<string, string> = {
  "Europe/Kaliningrad": "МСК−1",
  "Europe/Moscow": "МСК",
  "Europe/Samara": "МСК+1",
  "Asia/Yekaterinburg": "МСК+2",
  "Asia/Novosibirsk": "МСК+4",
};

/**
 * "19:00–21:30 МСК": the time as announced at the event's place. The content's
 * ISO strings carry that place's offset, so their clock digits are the local time.
 */
export function eventTime(e: Timed & { timeZone: string }): string {
  const clock = (iso: string) => iso.slice(11, 16);
  const offset = e.startsAt.slice(19).replace("Z", "+00:00");
  const zone = ZONE_LABELS[e.timeZone] ?? `UTC${offset}`;
  return `${clock(e.startsAt)}${e.endsAt ? `–${clock(e.endsAt)}` : ""} ${zone}`;
}

/** «5 марта 2026, 19:00–21:30 МСК»: when an event is, as a registration and its letters say it. */
export function eventWhen(e: Timed & { timeZone: string }): string {
  return `${formatDate(e.startsAt)}, ${eventTime(e)}`;
}
