import type { ServerResponse } from "node:http";
import { Worker } from "node:worker_threads";
import { XLSX_MAX_ROWS } from "#core/studio/export.ts";
import { EXPORT_COLUMNS, exportCells, type ExportCell, HISTORY_COLUMNS, historyCells } from "./export.ts";
import type { XlsxMessage, XlsxSheet } from "./xlsx-worker.ts";
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
 * never double the memory (decision 028). The file is made in a thread of
 * its own (xlsx-worker.ts), which imports the library; no page of the site or
 * of the studio loads it, and the studio's loop answers others meanwhile.
 * Its second sheet is the stage history, a line per change (at most
 * HISTORY_PER_SUBMISSION of a submission: export-rows.ts).
 */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Widths in characters, by column (the number, the date, the kind… the consent, the id). */
/** Each column's width in characters, by its name: a column added to EXPORT_COLUMNS cannot go without one. */
const WIDTH: Record<(typeof EXPORT_COLUMNS)[number], number> = {
  Номер: 9,
  "Получена (МСК)": 17,
  Тип: 22,
  Этап: 16,
  "Причина отказа": 30,
  Ответственный: 24,
  "Последний комментарий": 50,
  Имя: 28,
  "E-mail": 30,
  Телефон: 18,
  Компания: 24,
  Вакансия: 24,
  Событие: 30,
  Услуги: 28,
  Бюджет: 18,
  "Сообщение или сопроводительное письмо": 50,
  "Ссылка на резюме": 30,
  "Файл резюме": 24,
  "Подписка на рассылку": 10,
  Источник: 24,
  "Первая страница визита": 30,
  "Страница формы": 30,
  Лендинг: 30,
  Вариант: 9,
  "Метка кампании": 20,
  UTM: 30,
  "Согласие: время, IP, редакции документов": 60,
  Идентификатор: 38,
};
const WIDTHS = EXPORT_COLUMNS.map((column) => WIDTH[column]);
const HISTORY_WIDTHS = [9, 17, 20, 20, 20, 30];

/** Submissions read and handed to the thread at once: each batch's reads, cells and copy are one turn of the studio's loop. */
const XLSX_BATCH = 250;

/** The thread that makes a file (xlsx-worker.ts), found beside the chunk that starts it (scripts/server-entries.ts). */
const WORKER_FILE = new URL(import.meta.url.endsWith(".ts") ? "./xlsx-worker.ts" : "./xlsx-worker.js", import.meta.url);

/**
 * A file made in a thread of its own that ends with it: the rows are handed over a batch at a
 * time as they are read, so no one message (its copy is made on the studio's loop) holds the
 * whole file, and the studio's loop answers others between batches.
 */
function startFile(sheets: readonly XlsxSheet[]) {
  const worker = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: 512 } });
  const bytes = new Promise<Uint8Array>((resolve, reject) => {
    worker.once("message", (answer: { bytes?: Uint8Array; error?: string }) => {
      void worker.terminate();
      if (answer.bytes) resolve(answer.bytes);
      else reject(new Error(`the Excel file was not made: ${answer.error ?? "no answer"}`));
    });
    worker.once("error", (error) => {
      void worker.terminate();
      reject(error);
    });
  });
  // Awaited by `finish`; an early failure is not left unhandled meanwhile.
  bytes.catch(() => undefined);
  const send = (message: XlsxMessage) => worker.postMessage(message);
  send({ sheets });
  return {
    add: (sheet: number, rows: ExportCell[][]) => rows.length > 0 && send({ sheet, rows }),
    finish(): Promise<Uint8Array> {
      send({ end: true });
      return bytes;
    },
    abort: () => void worker.terminate(),
  };
}

let queue: Promise<unknown> = Promise.resolve();

/** Writes the file of the filter to `res` (headers already set), after the files asked before it; the number of submissions in it. */
export function writeXlsxExport(res: ServerResponse, inbox: InboxStore, filter: InboxFilter): Promise<number> {
  const made = queue.then(() => (res.destroyed ? 0 : write(res, inbox, filter)));
  queue = made.catch(() => undefined);
  return made;
}

async function write(res: ServerResponse, inbox: InboxStore, filter: InboxFilter): Promise<number> {
  const stages = await inbox.stages();
  const file = startFile([
    { name: "Заявки", header: EXPORT_COLUMNS, widths: WIDTHS },
    { name: "История этапов", header: HISTORY_COLUMNS, widths: HISTORY_WIDTHS },
  ]);
  let count = 0;
  let bytes: Uint8Array;
  try {
    for await (const batch of inbox.exportRows(filter, XLSX_BATCH)) {
      const rows = batch.slice(0, XLSX_MAX_ROWS - count);
      file.add(0, rows.map((row) => exportCells(row, stages)));
      file.add(1, rows.flatMap((row) => historyCells(row, stages)));
      count += rows.length;
      if (count >= XLSX_MAX_ROWS) break;
    }
    bytes = await file.finish();
  } catch (error) {
    file.abort();
    throw error;
  }
  await new Promise<void>((resolve, reject) => res.end(bytes, (error?: Error | null) => (error ? reject(error) : resolve())));
  return count;
}
