import { parentPort } from "node:worker_threads";
import type { Cell, SheetData } from "write-excel-file/node";
import type { ExportCell } from "./export.ts";

/**
 * Makes the inbox's Excel file in a thread of its own (server/studio/inbox/xlsx.ts): writing
 * 5,000 submissions into the file's XML and zipping it held the studio's event loop for about a
 * second. Takes each sheet's header and rows' cells, answers with the file's bytes.
 */
export type XlsxSheet = { name: string; header: readonly string[]; rows: ReadonlyArray<readonly ExportCell[]>; widths: readonly number[] };
export type XlsxJob = { sheets: readonly XlsxSheet[] };

const MOSCOW_OFFSET_MS = 3 * 3_600_000;

function cell(value: ExportCell): Cell {
  // Moscow has kept UTC+3 all year since 2014: its wall-clock time is the moment plus three hours.
  if (typeof value === "string") return { type: String, value, format: "@" };
  if ("number" in value) return { type: Number, value: value.number };
  return { type: Date, value: new Date(value.moment + MOSCOW_OFFSET_MS), format: "dd.mm.yyyy hh:mm" };
}

parentPort?.on("message", (job: XlsxJob) => {
  void (async () => {
    try {
      const { default: writeExcelFile } = await import("write-excel-file/node");
      const sheets = job.sheets.map((sheet) => {
        const data: SheetData = [sheet.header.map((name) => ({ value: name, type: String, fontWeight: "bold" as const })), ...sheet.rows.map((row) => row.map(cell))];
        // The header row stays in view as the list scrolls, on each sheet.
        return { data, sheet: sheet.name, stickyRowsCount: 1, columns: sheet.widths.map((width) => ({ width })) };
      });
      const bytes = await writeExcelFile(sheets).toBuffer();
      const copy = new Uint8Array(bytes);
      parentPort?.postMessage({ bytes: copy }, [copy.buffer]);
    } catch (error) {
      parentPort?.postMessage({ error: (error as Error).message });
    }
  })();
});
