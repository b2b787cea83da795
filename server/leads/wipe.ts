import { redactedMessage } from "../redact.ts";
import type { Db, Row } from "./db.ts";

/**
 * After personal data is deleted (a person's request, retention), its bytes
 * must leave the files too, not only the query results.
 *
 * SQLite: every connection runs with `secure_delete` (db-sqlite.ts), so a
 * deleted row's cells and freed pages are zeroed where they lie; what the
 * write-ahead log still holds (the rows as inserted, frames not yet
 * overwritten) is copied into the database and the log truncated to nothing.
 *
 * PostgreSQL zeroes nothing: a plain VACUUM prunes dead rows but leaves their
 * bytes in the pages' free space, in the indexes' too. So each table that held
 * the rows is rewritten (VACUUM FULL: a new file with the live rows only, its
 * indexes built anew, written and synced by the rewrite itself; the old files
 * are truncated to nothing when it commits, so no CHECKPOINT is needed).
 * VACUUM cannot run inside a transaction, so this runs after the deletion
 * committed. The statistics catalog would keep values ANALYZE sampled (an
 * e-mail, a UTM source, a name), and keeps a table's last ones when it is
 * emptied: no statistics are gathered on the columns below (migrations.ts). A rewrite holds its table exclusively while it runs:
 * each waits for its lock a short while and is tried again, so forms queued
 * behind it are not held for long. Which tables to rewrite is marked in the
 * deleting transaction (wipe_pending) and unmarked as each rewrite ends, so
 * one that failed, or a process that died before it, is made up for by the
 * next wipe. What none of this reaches (WAL until it is recycled, backups) is
 * in docs/inbox.md.
 */
export const PERSONAL_TABLES = [
  "submissions",
  "files",
  "outbox",
  "subscriptions",
  "submission_status_history",
  "submission_comments",
  "submission_words",
] as const;
export type PersonalTable = (typeof PERSONAL_TABLES)[number];

/**
 * PostgreSQL: the columns that hold personal data, with their types. ANALYZE keeps no values of
 * them (statistics target 0), so pg_statistic never holds a person's e-mail, name or source.
 */
export const PERSONAL_COLUMNS: ReadonlyArray<readonly [PersonalTable, string, string]> = [
  ...["data", "page", "utm", "ip", "consent", "email_key", "phone_key", "utm_source", "referrer", "landing", "source"].map((column) => ["submissions", column, "TEXT"] as const),
  ["files", "name", "TEXT"],
  ["files", "content", "BYTEA"],
  ["outbox", "payload", "TEXT"],
  ["outbox", "last_error", "TEXT"],
  ["subscriptions", "email", "TEXT"],
  ["subscriptions", "token_hash", "TEXT"],
  ["submission_words", "word", 'TEXT COLLATE "C"'],
  ["submission_comments", "body", "TEXT"],
];

/**
 * A reader holding the log (another process) makes the checkpoint wait: each try waits up to
 * SQLite's busy timeout (a second, synchronously: db-sqlite.ts), so a few tries with pauses
 * between them in which the server goes on serving.
 */
const CHECKPOINT_TRIES = 3;
const CHECKPOINT_PAUSE_MS = 200;

/**
 * PostgreSQL: how long a rewrite waits for its table's lock (statements queue behind a waiting
 * rewrite, so briefly), and how often it tries. A delivery holds its outbox row for up to the
 * mail server's timeout (30 s), hence the tries.
 */
const LOCK_WAIT_MS = 2_000;
const LOCK_TRIES = 20;
const LOCK_PAUSE_MS = 500;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Inside the deleting transaction: the tables rows were deleted from, to be rewritten after it
 * commits (PostgreSQL; SQLite zeroes as it deletes). Only those, since the CVs' table can be large.
 */
export async function markForWipe(tx: Db, tables: readonly PersonalTable[]): Promise<void> {
  if (tx.backend !== "postgres") return;
  for (const table of new Set(tables)) await tx.query("INSERT INTO wipe_pending (table_name) VALUES ($1) ON CONFLICT DO NOTHING", [table]);
}

/** True when the deleted bytes are gone from the store's files (on PostgreSQL: from every table marked for it). */
export async function wipeDeleted(db: Db): Promise<boolean> {
  try {
    if (db.backend === "postgres") return await rewrite(db);
    for (let attempt = 1; attempt <= CHECKPOINT_TRIES; attempt++) {
      const [result] = await db.query<Row & { busy: number }>("PRAGMA wal_checkpoint(TRUNCATE)");
      if (Number(result?.busy ?? 1) === 0) return true;
      if (attempt < CHECKPOINT_TRIES) await pause(CHECKPOINT_PAUSE_MS);
    }
    return false;
  } catch (error) {
    // The deletion itself committed: say the wipe failed rather than report the deletion as failed.
    console.error(JSON.stringify({ level: "error", message: "wiping deleted personal data", error: redactedMessage(error) }));
    return false;
  }
}

async function rewrite(db: Db): Promise<boolean> {
  const marked = new Set((await db.query<Row & { table_name: string }>("SELECT table_name FROM wipe_pending")).map((row) => row.table_name));
  // In a fixed order, and only known names: they become SQL.
  const tables = PERSONAL_TABLES.filter((table) => marked.has(table));
  if (tables.length === 0) return true;
  if (!db.maintain) throw new Error("this PostgreSQL store cannot run maintenance statements");
  for (const table of tables) await withLock(db, `VACUUM FULL ${table}`);
  await db.query(`DELETE FROM wipe_pending WHERE table_name IN (${tables.map((_, i) => `$${i + 1}`).join(", ")})`, tables);
  return true;
}

async function withLock(db: Db, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.maintain!([statement], LOCK_WAIT_MS);
      return;
    } catch (error) {
      // 55P03: lock_not_available (the lock timeout passed).
      if ((error as { code?: string }).code !== "55P03" || attempt >= LOCK_TRIES) throw error;
      await pause(LOCK_PAUSE_MS);
    }
  }
}
