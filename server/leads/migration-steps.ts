import type { Db, Row } from "./db.ts";
import { addSearchWords, commentWords, searchKeys, writeSearchKeys } from "./search-keys.ts";
import { redact } from "../redact.ts";
import { PERSONAL_COLUMNS } from "./wipe.ts";
import { DEFAULT_LOSS_REASONS, DEFAULT_STAGES } from "#core/studio/inbox.ts";

/** Steps of later schema versions that need code (migrations.ts lists the versions). */

export async function writeDefaultLossReasons(tx: Db): Promise<void> {
  for (const [form, reasons] of Object.entries(DEFAULT_LOSS_REASONS)) {
    for (const [position, label] of reasons.entries()) await tx.query("INSERT INTO inbox_loss_reasons (form, position, label) VALUES ($1, $2, $3)", [form, position, label]);
  }
}

/** The company's words and the team's comments' words for submissions stored before they were searched. */
export async function fillMoreSearchWords(tx: Db): Promise<void> {
  const rows = await tx.query<Row & { id: string; data: string; utm: string }>("SELECT id, data, utm FROM submissions");
  for (const row of rows) {
    const words = searchKeys(JSON.parse(row.data), JSON.parse(row.utm)).words;
    await addSearchWords(tx, row.id, words);
  }
  const comments = await tx.query<Row & { submission_id: string; body: string }>("SELECT submission_id, body FROM submission_comments");
  for (const comment of comments) await addSearchWords(tx, comment.submission_id, commentWords(comment.body));
}

/** The notes of a loss are personal data (wipe.ts): PostgreSQL's ANALYZE keeps none of their values. */
export async function noStatisticsOfNotes(tx: Db): Promise<void> {
  if (tx.backend !== "postgres") return;
  await tx.query("ALTER TABLE submissions ALTER COLUMN loss_note SET STATISTICS 0");
  await tx.query("ALTER TABLE submission_status_history ALTER COLUMN note SET STATISTICS 0");
}

export async function redactStoredErrors(tx: Db): Promise<void> {
  const rows = await tx.query<Row & { id: number; last_error: string }>("SELECT id, last_error FROM outbox WHERE last_error IS NOT NULL");
  const changed = rows.filter((row) => redact(row.last_error) !== row.last_error);
  for (const row of changed) await tx.query("UPDATE outbox SET last_error = $2 WHERE id = $1", [row.id, redact(row.last_error)]);
  // The old texts stay in PostgreSQL's pages until the outbox is rewritten (wipe.ts).
  // Marked as the table stands in this migration (the generation comes in the next one).
  if (changed.length > 0 && tx.backend === "postgres") await tx.query("INSERT INTO wipe_pending (table_name) VALUES ('outbox') ON CONFLICT DO NOTHING");
}

/**
 * PostgreSQL: ANALYZE gathers nothing more on personal columns (target 0). What it gathered
 * before stays until the column's type is set again, which drops it (the same type: nothing
 * else changes, though the column's indexes are rebuilt), so only where some is kept.
 */
export async function noStatisticsOfPersonalData(tx: Db): Promise<void> {
  if (tx.backend !== "postgres") return;
  for (const [table, column, type] of PERSONAL_COLUMNS) {
    // Columns added by later versions are not there yet: those versions set their own target.
    const exists = await tx.query("SELECT 1 AS x FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND column_name = $2", [table, column]);
    if (exists.length === 0) continue;
    await tx.query(`ALTER TABLE ${table} ALTER COLUMN ${column} SET STATISTICS 0`);
    const kept = await tx.query("SELECT 1 AS x FROM pg_stats WHERE schemaname = current_schema() AND tablename = $1 AND attname = $2", [table, column]);
    if (kept.length > 0) await tx.query(`ALTER TABLE ${table} ALTER COLUMN ${column} TYPE ${type}`);
  }
}

export async function writeDefaultStages(tx: Db): Promise<void> {
  for (const [form, stages] of Object.entries(DEFAULT_STAGES)) {
    for (const [position, stage] of stages.entries()) {
      await tx.query("INSERT INTO inbox_stages (form, key, label, position, closed) VALUES ($1, $2, $3, $4, $5)", [form, stage.key, stage.label, position, stage.outcome === "open" ? 0 : 1]);
    }
  }
}

/** Migration 4 for submissions stored before it: their search keys and words. */
export async function fillSearchKeys(tx: Db): Promise<void> {
  const rows = await tx.query<Row & { id: string; data: string; utm: string }>("SELECT id, data, utm FROM submissions");
  for (const row of rows) await writeSearchKeys(tx, row.id, searchKeys(JSON.parse(row.data), JSON.parse(row.utm)));
}
