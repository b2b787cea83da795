/**
 * CSV that Excel opens correctly in Russian: UTF-8 with a byte-order mark
 * (without it Excel reads the bytes as Windows-1251), semicolons (the list
 * separator of Russian Windows, so a double click splits the columns), CRLF
 * line ends, every field in double quotes (line breaks and semicolons in
 * messages stay inside their cell) and quotes doubled (RFC 4180).
 *
 * A cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is
 * something Excel or LibreOffice may run as a formula (`=HYPERLINK(…)` sends
 * data away): it gets a leading `'`, as the OWASP "CSV Injection" page
 * advises, so it is shown as the text it was. Leading spaces do not hide a
 * formula from this check. In the phone column alone, a phone number
 * (`+7 912 345-67-89`: 7 to 15 digits, E.164's most, and separators) keeps its
 * value: it can reference or call nothing, and a CRM importing the file must
 * get the number as it is. Anywhere else, and for a shorter `+1-1` even there,
 * the cell is marked: arithmetic a person typed into a name or a message is
 * not theirs to have a spreadsheet compute. Excel may still read a phone as a
 * number; the XLSX file (xlsx.ts) is the one for Excel.
 */
export const CSV_BOM = "\ufeff";
export const CSV_SEPARATOR = ";";
export const CSV_LINE_END = "\r\n";

const FORMULA_START = /^[\s]*[=+\-@]|^[\t\r]/;
const PHONE = /^\+?\d[\d ()-]*$/;
const PHONE_DIGITS = { min: 7, max: 15 };

/** A phone number as people write one: digits and separators, as many digits as a phone has. */
function phoneLike(text: string): boolean {
  if (!PHONE.test(text)) return false;
  const digits = text.replace(/\D/g, "").length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}

/** Whether a spreadsheet could run the cell as a formula: it gets the mark (a phone in the phone column does not). */
export function formulaLike(text: string, phoneColumn = false): boolean {
  return FORMULA_START.test(text) && !(phoneColumn && phoneLike(text));
}

export function csvCell(value: string | number | null | undefined, phoneColumn = false): string {
  const text = value === null || value === undefined ? "" : String(value);
  const safe = formulaLike(text, phoneColumn) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One record: its cells and the line end; `phoneColumn` is the index of the column of phone numbers, if any. */
export function csvLine(values: ReadonlyArray<string | number | null | undefined>, phoneColumn = -1): string {
  return values.map((value, index) => csvCell(value, index === phoneColumn)).join(CSV_SEPARATOR) + CSV_LINE_END;
}
