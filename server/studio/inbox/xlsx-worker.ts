import { parentPort } from "node:worker_threads";
import type { Cell, SheetData } from "write-excel-file/node";
import type { ExportCell } from "./export.ts";

/**
 * Makes the inbox's Excel file in a thread of its own (server/studio/inbox/xlsx.ts): writing
 * 5,000 submissions into the file's XML and zipping it held the studio's event loop for about a
 * second. Takes each sheet's header, then the rows' cells a batch at a time as the studio reads
 * them, then the end; answers with the file's bytes.
 */
export type XlsxSheet = { name: string; header: readonly string[]; widths: readonly number[] };
export type XlsxMessage = { sheets: readonly XlsxSheet[] } | { sheet: number; rows: ReadonlyArray<readonly ExportCell[]> } | { end: true };

const MOSCOW_OFFSET_MS = 3 * 3_600_000;

function cell(value: ExportCell): Cell {
  if (typeof value === "string") return { type: String, value, format: "@" };
  if ("number" in value) return { type: Number, value: value.number };
  // Moscow has kept UTC+3 all year since 2014: its wall-clock time is the moment plus three hours.
  return { type: Date, value: new Date(value.moment + MOSCOW_OFFSET_MS), format: "dd.mm.yyyy hh:mm" };
}

let sheets: Array<XlsxSheet & { data: SheetData }> = [];

async function make(): Promise<void> {
  try {
    const { default: writeExcelFile } = await import("write-excel-file/node");
    // The header row stays in view as the list scrolls, on each sheet.
    const bytes = await writeExcelFile(sheets.map((sheet) => ({ data: sheet.data, sheet: sheet.name, stickyRowsCount: 1, columns: sheet.widths.map((width) => ({ width })) }))).toBuffer();
    const copy = new Uint8Array(bytes);
    parentPort?.postMessage({ bytes: copy }, [copy.buffer]);
  } catch (error) {
    parentPort?.postMessage({ error: (error as Error).message });
  }
}

parentPort?.on("message", (message: XlsxMessage) => {
  if ("sheets" in message) {
    sheets = message.sheets.map((sheet) => ({ ...sheet, data: [sheet.header.map((name) => ({ value: name, type: String, fontWeight: "bold" as const }))] }));
  } else if ("rows" in message) {
    const data = sheets[message.sheet]?.data;
    for (const row of message.rows) data?.push(row.map(cell));
  } else {
    void make();
  }
});
