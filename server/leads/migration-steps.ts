import type { Db, Row } from "./db.ts";
import { addSearchWords, commentWords, searchKeys } from "./search-keys.ts";
import { DEFAULT_LOSS_REASONS } from "#core/studio/inbox.ts";

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
