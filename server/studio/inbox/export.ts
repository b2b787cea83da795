import type { ServerResponse } from "node:http";
import type { FormKind } from "#core/forms/kinds.ts";
import { KINDS, stageLabel, type ConsentRecord, type Stages } from "#core/studio/inbox.ts";
import { CSV_BOM, csvLine } from "./csv.ts";
import type { ExportRow, StageChange } from "./export-rows.ts";
import type { InboxFilter } from "./filter.ts";
import { type InboxStore, summaryOf } from "./store.ts";
import { inMoscow } from "#core/lib/moscow-time.ts";
import { paths } from "#core/lib/paths.ts";
import { VARIANT_LETTERS, type VariantKey, variantKey } from "#core/landings/variants.ts";

/**
 * The inbox's CSV export: one line per submission of the filter, columns in
 * Russian as the studio's screens name them, times in Moscow, streamed a batch
 * at a time with the response's back-pressure, so a year of submissions never
 * sits in memory. The same cells make the XLSX file (xlsx.ts), whose second
 * sheet has the stage history a line per change; the CSV file has it in its
 * last column instead (one file, one table).
 */
export const EXPORT_COLUMNS = [
  "Номер",
  "Получена (МСК)",
  "Тип",
  "Этап",
  "Причина отказа",
  "Ответственный",
  "Последний комментарий",
  "Имя",
  "E-mail",
  "Телефон",
  "Компания",
  "Вакансия",
  "Событие",
  "Услуги",
  "Бюджет",
  "Сообщение или сопроводительное письмо",
  "Ссылка на резюме",
  "Файл резюме",
  "Подписка на рассылку",
  "Источник",
  "Первая страница визита",
  "Страница формы",
  "Лендинг",
  "Вариант",
  "Метка кампании",
  "UTM",
  "Согласие: время, IP, редакции документов",
  // The id the CRM's webhook carries, to match the two.
  "Идентификатор",
] as const;

/** The XLSX file's second sheet: one line per stage change, newest submission first, each one's changes in order. */
export const HISTORY_COLUMNS = ["Номер", "Когда (МСК)", "Было", "Стало", "Кто", "Причина отказа"] as const;

/** The CSV file's extra last column: the same history, a line per change. */
export const CSV_HISTORY_COLUMN = "История этапов";

/** 1764100000000 → «25.11.2025 22:46»: a form Excel reads as a date in a Russian locale. */
export const moscowTime = (ms: number) => inMoscow(ms, "numeric").replace(",", "");

const str = (value: unknown) => (typeof value === "string" ? value : "");
/** Spreadsheets and CSV readers get ordinary spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, " ");

/** «Дорого: просили скидку 30 %» — a loss's reason and its note, or nothing. */
const lossText = (reason: string | null | undefined, note: string | null | undefined) => (reason ? plain(note ? `${reason}: ${note}` : reason) : "");

/** A cell of the export: text, a number, or a moment a spreadsheet shows as a Moscow date and time. */
export type ExportCell = string | { number: number } | { moment: number };

/** One submission as the export's cells, in the order of EXPORT_COLUMNS (CSV and XLSX alike). */
export function exportCells(row: ExportRow, stages: Stages): ExportCell[] {
  const kind = row.form as FormKind;
  const data = JSON.parse(row.data) as Record<string, unknown>;
  const utm = JSON.parse(row.utm) as Record<string, string>;
  const consent = JSON.parse(row.consent) as ConsentRecord;
  const person = summaryOf(kind, data);
  const consentAt = Date.parse(consent.at);
  const comment = row.lastComment;
  return [
    row.number === null || row.number === undefined ? "" : { number: Number(row.number) },
    { moment: Number(row.created_at) },
    plain(KINDS[kind]?.label ?? kind),
    plain(stageLabel(stages, kind, row.status)),
    lossText(row.loss_reason, row.loss_note),
    row.owner_name ?? "",
    comment ? `${moscowTime(comment.at)}, ${comment.by ?? "—"}: ${comment.body}` : "",
    person.name,
    person.email,
    person.phone,
    str(data.company),
    kind === "job" ? person.subject : "",
    kind === "event" ? person.subject : "",
    person.services.join(", "),
    person.budget,
    str(data.message) || str(data.letter),
    str(data.cvLink),
    row.file_name ?? "",
    data.newsletter === true || kind === "subscribe" ? "да" : "",
    row.source ?? "",
    row.landing ?? "",
    row.page,
    row.campaign_landing ? paths.landing(row.campaign_landing) : "",
    variantKey(row.campaign_variant) ? VARIANT_LETTERS[variantKey(row.campaign_variant) as VariantKey] : "",
    row.campaign_label ?? "",
    Object.entries(utm)
      .map(([key, value]) => `${key}=${value}`)
      .join(", "),
    // In Moscow time like «Получена (МСК)» beside it, not the UTC of the stored record.
    `${Number.isNaN(consentAt) ? consent.at : `${moscowTime(consentAt)} МСК`}, IP ${consent.ip}, согласие ${consent.documents?.agreement ?? "—"}, политика ${consent.documents?.privacy ?? "—"}`,
    row.id,
  ];
}

/** A submission's stage changes as the second sheet's lines (HISTORY_COLUMNS), with the stages' names. */
export function historyCells(row: ExportRow, stages: Stages): ExportCell[][] {
  const kind = row.form as FormKind;
  const number: ExportCell = row.number === null || row.number === undefined ? "" : { number: Number(row.number) };
  const name = (key: string) => plain(stageLabel(stages, kind, key));
  return (row.history ?? []).map((change: StageChange) => [number, { moment: change.at }, name(change.from), name(change.to), change.by ?? "—", lossText(change.reason, change.note)]);
}

/** The CSV file's history cell: «28.11.2026 14:05 sales.web: Новая → Квалификация», a line per change. */
function historyText(row: ExportRow, stages: Stages): string {
  const kind = row.form as FormKind;
  const name = (key: string) => plain(stageLabel(stages, kind, key));
  return (row.history ?? [])
    .map((change) => `${moscowTime(change.at)} ${change.by ?? "—"}: ${name(change.from)} → ${name(change.to)}${change.reason ? ` (${lossText(change.reason, change.note)})` : ""}`)
    .join("\n");
}

/** The column whose phone numbers stay unmarked in the CSV file (csv.ts). */
const PHONE_COLUMN = EXPORT_COLUMNS.indexOf("Телефон");

const csvText = (cell: ExportCell) => (typeof cell === "string" ? cell : "number" in cell ? String(cell.number) : moscowTime(cell.moment));

export function exportLine(row: ExportRow, stages: Stages): string {
  return csvLine([...exportCells(row, stages).map(csvText), historyText(row, stages)], PHONE_COLUMN);
}

/** Writes the whole export to `res` (headers already set); the number of submissions written. */
export async function streamExport(res: ServerResponse, inbox: InboxStore, filter: InboxFilter): Promise<number> {
  let count = 0;
  // Waits for the client to take what was written; a client gone ends the wait (and the export).
  const write = (chunk: string) =>
    res.write(chunk)
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = () => {
            res.off("drain", done);
            res.off("close", done);
            resolve();
          };
          res.once("drain", done);
          res.once("close", done);
        });
  const stages = await inbox.stages();
  await write(CSV_BOM + csvLine([...EXPORT_COLUMNS, CSV_HISTORY_COLUMN]));
  for await (const rows of inbox.exportRows(filter)) {
    if (res.destroyed) break;
    await write(rows.map((row) => exportLine(row, stages)).join(""));
    count += rows.length;
  }
  res.end();
  return count;
}
