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
 * behind it are not held for long, and all of them within one deadline
 * (WIPE_DEADLINE_MS), so an erasure answers before its socket times out.
 * Which tables to rewrite is marked in the deleting transaction (wipe_pending,
 * with a generation) and unmarked as each rewrite ends, so one that failed,
 * ran out of time, or a process that died before it, is made up for by the
 * server's own retry a minute later (WIPE_RETRY_MS) or the next wipe. What none of this reaches (WAL until it is recycled, backups) is
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
  // A loss's note is the team's words about the person, as a comment is.
  ["submissions", "loss_note", "TEXT"],
  ["submission_status_history", "note", "TEXT"],
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
 * rewrite, so briefly), and the pause between tries. A delivery holds its outbox row for up to the
 * mail server's timeout (30 s), hence the tries, until the deadline below.
 */
const LOCK_WAIT_MS = 2_000;
const LOCK_PAUSE_MS = 500;

/**
 * PostgreSQL: the whole rewrite's deadline, across all its tables. The studio's erasure waits for
 * it before answering, and the server closes a socket idle for REQUEST_TIMEOUT_MS (30 s,
 * http-server.ts): 20 s leaves time for the deletion before it and the answer after, so the
 * person's confirmation is never lost to a network error. What is not rewritten by then stays
 * marked (wipe_pending) and the answer says `wiped: false`; a rewrite that holds its lock when the
 * deadline passes goes on in the background and unmarks its table when it ends.
 */
export const WIPE_DEADLINE_MS = 20_000;

/** PostgreSQL: after a rewrite that did not finish in time, the server tries again by itself this long after, this many times in a row at most; then the next deletion or retention run does it. */
export const WIPE_RETRY_MS = 60_000;
const WIPE_RETRIES = 10;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const logError = (message: string, error: unknown) => console.error(JSON.stringify({ level: "error", message, error: redactedMessage(error) }));

/**
 * Inside the deleting transaction: the tables rows were deleted from, to be rewritten after it
 * commits (PostgreSQL; SQLite zeroes as it deletes). Only those, since the CVs' table can be large.
 * Each mark carries a generation, raised by every deletion that marks the table again: a rewrite
 * unmarks only the generation it read, so a deletion that commits while it runs keeps its mark.
 * The marks are taken in one order (their row stays locked until commit), so two deletions never
 * wait for each other's.
 */
export async function markForWipe(tx: Db, tables: readonly PersonalTable[]): Promise<void> {
  if (tx.backend !== "postgres") return;
  for (const table of PERSONAL_TABLES.filter((t) => tables.includes(t))) {
    await tx.query(
      "INSERT INTO wipe_pending (table_name, generation) VALUES ($1, 1) ON CONFLICT (table_name) DO UPDATE SET generation = wipe_pending.generation + 1",
      [table],
    );
  }
}

/**
 * True when the deleted bytes are gone from the store's files (on PostgreSQL: from every table
 * marked for it when it began). On PostgreSQL it answers within `deadlineMs` (WIPE_DEADLINE_MS);
 * false then means some table is still marked, and the server tries again by itself
 * (WIPE_RETRY_MS).
 */
export async function wipeDeleted(db: Db, options: { deadlineMs?: number; retryMs?: number } = {}): Promise<boolean> {
  return wipe(db, options.deadlineMs ?? WIPE_DEADLINE_MS, options.retryMs ?? WIPE_RETRY_MS, false);
}

async function wipe(db: Db, deadlineMs: number, retryMs: number, isRetry: boolean): Promise<boolean> {
  try {
    if (db.backend === "postgres") return await rewriteInTime(db, deadlineMs, retryMs, isRetry);
    for (let attempt = 1; attempt <= CHECKPOINT_TRIES; attempt++) {
      const [result] = await db.query<Row & { busy: number }>("PRAGMA wal_checkpoint(TRUNCATE)");
      if (Number(result?.busy ?? 1) === 0) return true;
      if (attempt < CHECKPOINT_TRIES) await pause(CHECKPOINT_PAUSE_MS);
    }
    return false;
  } catch (error) {
    // The deletion itself committed: say the wipe failed rather than report the deletion as failed.
    logError("wiping deleted personal data", error);
    return false;
  }
}

/** Per store: the retry timer waiting, and how many retries in a row found tables still marked. */
const retries = new WeakMap<Db, { timer?: NodeJS.Timeout; count: number }>();

async function rewriteInTime(db: Db, deadlineMs: number, retryMs: number, isRetry: boolean): Promise<boolean> {
  const until = Date.now() + deadlineMs;
  const running = rewrite(db, until);
  // A rewrite holding its lock past the deadline ends in the background; its failure is logged.
  running.catch((error: unknown) => logError("wiping deleted personal data", error));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, until - Date.now()))));
  const done = await Promise.race([running, late]).finally(() => clearTimeout(timer));
  const state = retries.get(db) ?? { count: 0 };
  retries.set(db, state);
  if (done || !isRetry) state.count = 0;
  if (done) {
    // Whatever was marked when it began is rewritten: a retry waiting is not needed.
    clearTimeout(state.timer);
    state.timer = undefined;
    return true;
  }
  if (!state.timer && state.count < WIPE_RETRIES) {
    state.count++;
    state.timer = setTimeout(() => {
      state.timer = undefined;
      void wipe(db, deadlineMs, retryMs, true);
    }, retryMs);
    // Never keeps the process alive: a process that ends leaves the marks to the next one.
    state.timer.unref();
  }
  return false;
}

/** Rewrites each marked table, in a fixed order, until `until`; true when every mark read was done. */
async function rewrite(db: Db, until: number): Promise<boolean> {
  const marks = new Map(
    (await db.query<Row & { table_name: string; generation: number }>("SELECT table_name, generation FROM wipe_pending")).map((row) => [row.table_name, Number(row.generation)]),
  );
  // Only known names: they become SQL.
  const tables = PERSONAL_TABLES.filter((table) => marks.has(table));
  if (tables.length === 0) return true;
  if (!db.maintain) throw new Error("this PostgreSQL store cannot run maintenance statements");
  if (!(await olderTransactionsDone(db, until))) return false;
  for (const table of tables) {
    if (!(await withLock(db, `VACUUM FULL ${table}`, until))) return false;
    // Only the generation read: a deletion that marked the table again since (it raised the
    // generation) may have committed after this rewrite, so its mark stays for its own (or the next).
    await db.query("DELETE FROM wipe_pending WHERE table_name = $1 AND generation = $2", [table, marks.get(table)!]);
  }
  return true;
}

/**
 * VACUUM FULL copies the rows another transaction may still see (deleted after its snapshot was
 * taken): a transaction of this database open since before the deletion committed (a delivery
 * in flight, a slow read) would carry the person's bytes into the new file. So the rewrite waits
 * until each one that began before now (PostgreSQL's clock) has ended; false when the deadline
 * passed first (the marks stay for the retry).
 */
async function olderTransactionsDone(db: Db, until: number): Promise<boolean> {
  const [started] = await db.query<Row & { at: string }>("SELECT clock_timestamp()::text AS at");
  for (;;) {
    const [older] = await db.query<Row & { n: number }>(
      `SELECT COUNT(*) AS n FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
         AND xact_start IS NOT NULL AND xact_start < $1::timestamptz AND (backend_xmin IS NOT NULL OR backend_xid IS NOT NULL)`,
      [started?.at ?? null],
    );
    if (Number(older?.n ?? 0) === 0) return true;
    if (until - Date.now() <= LOCK_PAUSE_MS) return false;
    await pause(LOCK_PAUSE_MS);
  }
}

/** Runs the statement once its table's lock is had, trying until `until`; false when the deadline passed first. */
async function withLock(db: Db, statement: string, until: number): Promise<boolean> {
  for (;;) {
    const left = until - Date.now();
    if (left <= 0) return false;
    try {
      await db.maintain!([statement], Math.min(LOCK_WAIT_MS, left));
      return true;
    } catch (error) {
      // 55P03: lock_not_available (the lock timeout passed).
      if ((error as { code?: string }).code !== "55P03") throw error;
      if (until - Date.now() <= LOCK_PAUSE_MS) return false;
      await pause(LOCK_PAUSE_MS);
    }
  }
}
