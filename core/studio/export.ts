/**
 * The inbox's export files (server/studio/inbox/export.ts, xlsx.ts; the buttons of
 * studio/pages/inbox/export-links.tsx): the XLSX file is made whole in memory, so it holds
 * at most this many submissions (about 180 MB of memory while it is made: decision 028); the
 * CSV file is streamed and holds any number.
 */
export const XLSX_MAX_ROWS = 5_000;
