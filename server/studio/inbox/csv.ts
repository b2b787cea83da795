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
 * formula from this check. A phone number (`+7 912 345-67-89`, digits and
 * separators only) keeps its value: it can reference or call nothing, and a
 * CRM importing the file must get the number as it is. Excel may still read
 * such a cell as a number; the XLSX file (xlsx.ts) is the one for Excel.
 */
export const CSV_BOM = "\ufeff";
export const CSV_SEPARATOR = ";";
export const CSV_LINE_END = "\r\n";

const FORMULA_START = /^[\s]*[=+\-@]|^[\t\r]/;
const PHONE = /^\+?\d[\d ()-]*$/;

/** Whether a spreadsheet could run the cell as a formula that does something: it gets the mark. */
export function formulaLike(text: string): boolean {
  return FORMULA_START.test(text) && !PHONE.test(text);
}

export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  const safe = formulaLike(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One record: its cells and the line end. */
export function csvLine(values: ReadonlyArray<string | number | null | undefined>): string {
  return values.map(csvCell).join(CSV_SEPARATOR) + CSV_LINE_END;
}
