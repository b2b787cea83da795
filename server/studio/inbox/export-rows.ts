import type { Db, Row } from "../../leads/db.ts";
import type { CampaignColumns } from "../../leads/submission-store.ts";
import type { InboxFilter } from "./filter.ts";
import { whereOf } from "./query.ts";

/**
 * What the export reads of each submission (export.ts, xlsx.ts): its fields and the team's
 * work on it, its owner, its last comment and its stage history, a batch at a time, newest
 * first (keyset pagination: memory stays flat however many there are). The work of a batch is
 * two queries over its ids, not two per submission.
 */
export type StageChange = { at: number; by: string | null; from: string; to: string; reason: string | null; note: string | null };
export type LastComment = { at: number; by: string | null; body: string };

export type ExportRow = Row &
  CampaignColumns & {
  id: string;
  number: number | null;
  form: string;
  created_at: number;
  status: string;
  owner_name: string | null;
  loss_reason: string | null;
  loss_note: string | null;
  data: string;
  page: string;
  utm: string;
  source: string | null;
  landing: string | null;
  consent: string;
  file_name: string | null;
  /** Filled from the batch's reads below, not by the row's query. */
  lastComment?: LastComment | null;
  /** Oldest first; the latest HISTORY_PER_SUBMISSION changes. */
  history?: StageChange[];
};

/**
 * The changes of one submission an export carries: enough for any real request's path,
 * while a submission moved back and forth by a script cannot fill the Excel file's memory
 * (XLSX_MAX_ROWS submissions × this at most).
 */
export const HISTORY_PER_SUBMISSION = 20;

const placeholders = (count: number) => Array.from({ length: count }, (_, i) => `$${i + 1}`).join(", ");

/** The last comment and the stage changes of a batch's submissions, attached to their rows. */
async function attachWork(db: Db, rows: ExportRow[]): Promise<void> {
  const ids = rows.map((row) => row.id);
  const comments = await db.query<Row & { submission_id: string; at: number; author_name: string | null; author_login: string | null; body: string }>(
    `SELECT submission_id, at, author_name, author_login, body FROM submission_comments WHERE submission_id IN (${placeholders(ids.length)}) ORDER BY submission_id, at, id`,
    ids,
  );
  const history = await db.query<Row & { submission_id: string; at: number; actor_login: string | null; from_status: string; to_status: string; reason: string | null; note: string | null }>(
    `SELECT submission_id, at, actor_login, from_status, to_status, reason, note FROM submission_status_history WHERE submission_id IN (${placeholders(ids.length)}) ORDER BY submission_id, at, id`,
    ids,
  );
  const last = new Map<string, LastComment>();
  // Ordered by time: the last one seen of each submission is its latest.
  for (const c of comments) last.set(c.submission_id, { at: Number(c.at), by: c.author_name || c.author_login, body: c.body });
  const changes = new Map<string, StageChange[]>();
  for (const h of history) {
    const list = changes.get(h.submission_id) ?? [];
    list.push({ at: Number(h.at), by: h.actor_login, from: h.from_status, to: h.to_status, reason: h.reason ?? null, note: h.note ?? null });
    changes.set(h.submission_id, list);
  }
  for (const row of rows) {
    row.lastComment = last.get(row.id) ?? null;
    row.history = (changes.get(row.id) ?? []).slice(-HISTORY_PER_SUBMISSION);
  }
}

/** The filter's submissions with their work, newest first, `batch` at a time. */
export async function* readExportRows(db: Db, filter: InboxFilter, batch = 500): AsyncGenerator<ExportRow[]> {
  let after: { at: number; id: string } | null = null;
  for (;;) {
    const where = whereOf(filter, db.backend);
    const params = [...where.params];
    let keyset = "";
    if (after) {
      params.push(after.at, after.id);
      const [at, id] = [`$${params.length - 1}`, `$${params.length}`];
      keyset = `${where.sql ? " AND" : "WHERE"} (s.created_at < ${at} OR (s.created_at = ${at} AND s.id < ${id}))`;
    }
    const rows: ExportRow[] = await db.query<ExportRow>(
      `SELECT s.id, s.number, s.form, s.created_at, s.status, s.loss_reason, s.loss_note, u.name AS owner_name, s.data, s.page, s.utm, s.source, s.landing, s.campaign_landing, s.campaign_variant, s.campaign_label, s.consent, f.name AS file_name
       FROM submissions s LEFT JOIN files f ON f.submission_id = s.id LEFT JOIN studio_users u ON u.id = s.owner_id
       ${where.sql}${keyset} ORDER BY s.created_at DESC, s.id DESC LIMIT ${batch}`,
      params,
    );
    if (rows.length === 0) return;
    await attachWork(db, rows);
    yield rows;
    const last = rows[rows.length - 1] as ExportRow;
    after = { at: Number(last.created_at), id: last.id };
    if (rows.length < batch) return;
  }
}
