/**
 * The agency's clock: moments as its people read them, in Russian and Moscow time (the store and
 * the records keep milliseconds or ISO moments in UTC). One formatter per style, made on first use:
 * a process that never shows a date never loads Intl's date data.
 */
export const MOSCOW = "Europe/Moscow";

const STYLES = {
  /** «25 ноября 2025 г. в 22:46» */
  dateTime: { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" },
  /** «25 ноября 2025 г.» */
  date: { day: "numeric", month: "long", year: "numeric" },
  /** «25 ноября в 22:46»: this year's, where the year goes without saying */
  dayMonthTime: { day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" },
  /** «25 нояб.»: a chart's axis */
  dayMonth: { day: "numeric", month: "short" },
  /** «25.11.2025, 22:46»: tables, files and the command line */
  numeric: { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" },
  /** «22:46:40» */
  clock: { hour: "2-digit", minute: "2-digit", second: "2-digit" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type MoscowStyle = keyof typeof STYLES;

const made = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = made.get(key);
  if (!format) made.set(key, (format = new Intl.DateTimeFormat(locale, { timeZone: MOSCOW, ...options })));
  return format;
}

/** A moment (milliseconds, a Date or an ISO string) in Moscow time, in one of the agency's styles. */
export function inMoscow(moment: number | Date | string, style: MoscowStyle): string {
  return formatter("ru-RU", STYLES[style]).format(typeof moment === "string" ? Date.parse(moment) : moment);
}

/** The Moscow calendar day of a moment, «2026-11-30»: a publication's day, a plan's tomorrow. */
export function moscowDay(moment: number | Date): string {
  return formatter("sv-SE", {}).format(moment);
}
