/** Formatting shared by pages: Russian conventions, no runtime Intl surprises between server and browser. */

/** +74951234567 → +7 495 123-45-67 */
export function formatPhone(e164: string): string {
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(e164);
  return m ? `+7 ${m[1]} ${m[2]}-${m[3]}-${m[4]}` : e164;
}

const MONTHS = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"];

/** 2026-03-05 → 5 марта 2026 */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split("-").map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

/** Russian plural form: plural(5, ["результат", "результата", "результатов"]) → "результатов". */
export function plural(n: number, [one, few, many]: readonly [string, string, string]): string {
  const tens = Math.abs(n) % 100;
  const units = tens % 10;
  if (tens > 10 && tens < 20) return many;
  if (units === 1) return one;
  if (units >= 2 && units <= 4) return few;
  return many;
}

/**
 * A count with its word in the right form, bound by a no-break space: counted(33, ["страница",
 * "страницы", "страниц"]) → "33 страницы". Every count shown to a person goes through it (or
 * through plural() where the number stands apart), so no «33 страниц» is left.
 */
export function counted(n: number, forms: readonly [string, string, string]): string {
  return `${formatCount(n)}\u00a0${plural(n, forms)}`;
}

/** 12500 → "12 500", 3.5 → "3,5": Russian digit grouping (U+00A0) and decimal comma, same on server and browser. */
export function formatNumber(value: number): string {
  const [whole = "0", fraction] = Math.abs(value).toString().split(".");
  const grouped = whole.length > 4 ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0") : whole;
  return `${value < 0 ? "−" : ""}${grouped}${fraction ? `,${fraction}` : ""}`;
}

/**
 * 5000 → "5 000": a whole number as Intl's ru-RU writes it (a no-break space between thousands, four
 * digits grouped too), for limits and counts in messages. Not through Intl: on the server, a number
 * formatted at import brought ICU's number data into every process (about 5 MB resident).
 */
export function formatCount(value: number): string {
  return `${value < 0 ? "−" : ""}${Math.abs(Math.trunc(value)).toString().replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0")}`;
}
