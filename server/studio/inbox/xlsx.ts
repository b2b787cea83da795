import type { ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import type { Cell, SheetData } from "write-excel-file/node";
import { XLSX_MAX_ROWS } from "#core/studio/export.ts";
import { EXPORT_COLUMNS, exportCells, type ExportCell } from "./export.ts";
import type { InboxFilter } from "./filter.ts";
import type { InboxStore } from "./store.ts";

/**
 * The inbox's export for Excel (decision 028): the cells of the CSV file
 * (export.ts) with their types said, not guessed. Every value people sent is
 * a text cell with the text format «@», so a phone stays `+79161234567`
 * (no apostrophe, no 7.92E+10) and `=HYPERLINK(…)` stays the text it was: a
 * text cell is never a formula, whatever it starts with. The times are date
 * cells holding the Moscow wall-clock time (a spreadsheet's dates have no
 * time zone), shown as «28.11.2026 14:05».
 *
 * The library (write-excel-file) writes the whole file at once, so the
 * rows are held while it is made: the file is limited to XLSX_MAX_ROWS
 * submissions, a larger filter is asked to be narrowed (the CSV file,
 * streamed, has no limit), and files are made one at a time, so two exports
 * never double the memory (decision 028). The library is imported when a
 * file is asked for, by the server only; no page of the site or of the studio loads it.
 */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** Widths in characters, by column (the id, the date, the kind… the consent). */
const WIDTHS = [38, 17, 22, 12, 28, 30, 18, 24, 24, 28, 18, 50, 30, 24, 10, 30, 30, 60];

function cell(value: ExportCell): Cell {
  // Moscow has kept UTC+3 all year since 2014: its wall-clock time is the moment plus three hours.
  if (typeof value !== "string") return { type: Date, value: new Date(value.moment + MOSCOW_OFFSET_MS), format: "dd.mm.yyyy hh:mm" };
  return { type: String, value, format: "@" };
}

let queue: Promise<unknown> = Promise.resolve();

/** Writes the file of the filter to `res` (headers already set), after the files asked before it; the number of submissions in it. */
export function writeXlsxExport(res: ServerResponse, inbox: InboxStore, filter: InboxFilter): Promise<number> {
  const made = queue.then(() => (res.destroyed ? 0 : write(res, inbox, filter)));
  queue = made.catch(() => undefined);
  return made;
}

async function write(res: ServerResponse, inbox: InboxStore, filter: InboxFilter): Promise<number> {
  const { default: writeExcelFile } = await import("write-excel-file/node");
  const sheet: SheetData = [EXPORT_COLUMNS.map((name) => ({ value: name, type: String, fontWeight: "bold" as const }))];
  for await (const rows of inbox.exportRows(filter)) {
    for (const row of rows) sheet.push(exportCells(row).map(cell));
    if (sheet.length > XLSX_MAX_ROWS + 1) break;
  }
  const file = writeExcelFile(sheet, { sheet: "Заявки", stickyRowsCount: 1, columns: WIDTHS.map((width) => ({ width })) });
  await pipeline(await (file.toStream as () => Promise<NodeJS.ReadableStream>)(), res);
  return sheet.length - 1;
}
