import type { ServerResponse } from "node:http";
import type { FormKind } from "#core/forms/kinds.ts";
import { KINDS, STATUSES, type ConsentRecord, type Status } from "#core/studio/inbox.ts";
import { CSV_BOM, csvLine } from "./csv.ts";
import type { InboxFilter } from "./filter.ts";
import { type ExportRow, type InboxStore, summaryOf } from "./store.ts";

/**
 * The inbox's CSV export: one line per submission of the filter, columns in
 * Russian, times in Moscow, streamed a batch at a time with the response's
 * back-pressure, so a year of submissions never sits in memory. The same
 * cells make the XLSX file (xlsx.ts).
 */
export const EXPORT_COLUMNS = [
  "Номер",
  "Получена (МСК)",
  "Тип",
  "Статус",
  "Имя",
  "E-mail",
  "Телефон",
  "Компания",
  "Вакансия",
  "Услуги",
  "Бюджет",
  "Сообщение или сопроводительное письмо",
  "Ссылка на резюме",
  "Файл резюме",
  "Подписка на рассылку",
  "Страница",
  "UTM",
  "Согласие: время, IP, редакции документов",
] as const;

const moscow = new Intl.DateTimeFormat("ru-RU", { timeZone: "Europe/Moscow", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" });
/** 1764100000000 → «25.11.2025 22:46»: a form Excel reads as a date in a Russian locale. */
export const moscowTime = (ms: number) => moscow.format(ms).replace(",", "");

const str = (value: unknown) => (typeof value === "string" ? value : "");

/** A cell of the export: text, or a moment a spreadsheet shows as a Moscow date and time. */
export type ExportCell = string | { moment: number };

/** One submission as the export's cells, in the order of EXPORT_COLUMNS (CSV and XLSX alike). */
export function exportCells(row: ExportRow): ExportCell[] {
  const kind = row.form as FormKind;
  const data = JSON.parse(row.data) as Record<string, unknown>;
  const utm = JSON.parse(row.utm) as Record<string, string>;
  const consent = JSON.parse(row.consent) as ConsentRecord;
  const person = summaryOf(kind, data);
  const services = Array.isArray(data.services) ? (data.services as Array<{ name?: string }>).map((s) => str(s.name)).join(", ") : "";
  const budget = (data.budget as { label?: string } | null | undefined)?.label ?? "";
  const consentAt = Date.parse(consent.at);
  return [
    row.id,
    { moment: Number(row.created_at) },
    KINDS[kind]?.label.replace(/\u00a0/g, " ") ?? kind,
    (STATUSES[row.status as Status] ?? row.status).replace(/\u00a0/g, " "),
    person.name,
    person.email,
    person.phone,
    kind === "job" ? "" : person.subject,
    kind === "job" ? person.subject : "",
    services,
    budget,
    str(data.message) || str(data.letter),
    str(data.cvLink),
    row.file_name ?? "",
    data.newsletter === true || kind === "subscribe" ? "да" : "",
    row.page,
    Object.entries(utm)
      .map(([key, value]) => `${key}=${value}`)
      .join(", "),
    // In Moscow time like «Получена (МСК)» beside it, not the UTC of the stored record.
    `${Number.isNaN(consentAt) ? consent.at : `${moscowTime(consentAt)} МСК`}, IP ${consent.ip}, согласие ${consent.documents?.agreement ?? "—"}, политика ${consent.documents?.privacy ?? "—"}`,
  ];
}

/** The column whose phone numbers stay unmarked in the CSV file (csv.ts). */
const PHONE_COLUMN = EXPORT_COLUMNS.indexOf("Телефон");

export function exportLine(row: ExportRow): string {
  return csvLine(
    exportCells(row).map((cell) => (typeof cell === "string" ? cell : moscowTime(cell.moment))),
    PHONE_COLUMN,
  );
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
  await write(CSV_BOM + csvLine([...EXPORT_COLUMNS]));
  for await (const rows of inbox.exportRows(filter)) {
    if (res.destroyed) break;
    await write(rows.map(exportLine).join(""));
    count += rows.length;
  }
  res.end();
  return count;
}
