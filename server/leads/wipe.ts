import type { Db, Row } from "./db.ts";

/**
 * After personal data is deleted (a person's request, retention), its bytes
 * must leave the files too, not only the query results. SQLite: every
 * connection runs with `secure_delete` (db-sqlite.ts), so a deleted row's
 * cells and freed pages are zeroed where they lie; what the write-ahead log
 * still holds (the rows as inserted, frames not yet overwritten) is copied
 * into the database and the log truncated to nothing. PostgreSQL: the tables
 * that held the rows are vacuumed, so dead tuples are pruned from their pages
 * and their TOAST (CVs) and indexes; VACUUM cannot run inside a transaction,
 * so this runs after the deletion committed. What neither reaches (backups,
 * PostgreSQL's WAL archive) is in docs/inbox.md.
 */
export const PERSONAL_TABLES = ["submissions", "files", "outbox", "subscriptions", "submission_status_history", "submission_words"] as const;

/**
 * A reader holding the log (another process) makes the checkpoint wait: each try waits up to
 * SQLite's busy timeout (a second, synchronously: db-sqlite.ts), so a few tries with pauses
 * between them in which the server goes on serving.
 */
const CHECKPOINT_TRIES = 3;
const CHECKPOINT_PAUSE_MS = 200;

/** True when the deleted bytes are gone from the store's files (SQLite) or its tables were vacuumed (PostgreSQL). */
export async function wipeDeleted(db: Db): Promise<boolean> {
  try {
    if (db.backend === "postgres") {
      await db.query(`VACUUM ${PERSONAL_TABLES.join(", ")}`);
      return true;
    }
    for (let attempt = 1; attempt <= CHECKPOINT_TRIES; attempt++) {
      const [result] = await db.query<Row & { busy: number }>("PRAGMA wal_checkpoint(TRUNCATE)");
      if (Number(result?.busy ?? 1) === 0) return true;
      if (attempt < CHECKPOINT_TRIES) await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_PAUSE_MS));
    }
    return false;
  } catch (error) {
    // The deletion itself committed: say the wipe failed rather than report the deletion as failed.
    console.error(JSON.stringify({ level: "error", message: "wiping deleted personal data", error: (error as Error).message }));
    return false;
  }
}
