import type { Db, Row } from "./db.ts";
import type { Channel, OutboxItem, OutboxStatus } from "./types.ts";

/**
 * The outbox queue's SQL. Claiming differs by backend: PostgreSQL locks the
 * row (FOR UPDATE SKIP LOCKED) for the length of the delivery, so several
 * servers share the queue and a crashed one releases its rows at once; the
 * embedded store has one delivering process (see outbox.ts), which skips the
 * items it is delivering.
 */
type OutboxRow = Row & {
  id: number;
  submission_id: string;
  channel: string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  payload: string | null;
  created_at: number;
  delivered_at: number | null;
};

function toItem(row: OutboxRow): OutboxItem {
  return {
    id: Number(row.id),
    submissionId: row.submission_id,
    channel: row.channel as Channel,
    status: row.status as OutboxStatus,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    lastError: row.last_error,
    payload: row.payload ? JSON.parse(row.payload) : null,
    createdAt: Number(row.created_at),
    deliveredAt: row.delivered_at === null ? null : Number(row.delivered_at),
  };
}

/** What happened to one attempt. */
export type Settlement =
  | { delivered: true }
  | { delivered: false; error: string; retryAt: number | null };

export function createOutboxStore(db: Db) {
  const due = "FROM outbox WHERE status = 'pending' AND next_attempt_at <= $1";
  return {
    /**
     * The next due item, or null. `skip` lists ids this process is already
     * delivering (embedded store); on PostgreSQL call it inside a transaction.
     */
    async claimNext(tx: Db, now: number, skip: readonly number[]): Promise<OutboxItem | null> {
      const [row] =
        db.backend === "postgres"
          ? await tx.query<OutboxRow>(`SELECT * ${due} ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`, [now])
          : await tx.query<OutboxRow>(
              `SELECT * ${due} AND id NOT IN (SELECT value FROM json_each($2)) ORDER BY next_attempt_at, id LIMIT 1`,
              [now, JSON.stringify(skip)],
            );
      return row ? toItem(row) : null;
    },

    async settle(tx: Db, item: OutboxItem, outcome: Settlement, now: number): Promise<void> {
      if (outcome.delivered) {
        // A confirmation token is not kept once its e-mail is out.
        await tx.query(
          "UPDATE outbox SET status = 'delivered', attempts = attempts + 1, delivered_at = $2, last_error = NULL, payload = CASE WHEN channel = 'confirm' THEN NULL ELSE payload END WHERE id = $1",
          [item.id, now],
        );
        return;
      }
      await tx.query(
        "UPDATE outbox SET status = $2, attempts = attempts + 1, next_attempt_at = $3, last_error = $4 WHERE id = $1",
        [item.id, outcome.retryAt === null ? "dead" : "pending", outcome.retryAt ?? now, outcome.error.slice(0, 1000)],
      );
    },

    /** Pending and dead items, oldest first (for `npm run outbox -- status`). */
    async unfinished(): Promise<OutboxItem[]> {
      const rows = await db.query<OutboxRow>("SELECT * FROM outbox WHERE status <> 'delivered' ORDER BY created_at, id");
      return rows.map(toItem);
    },

    async item(id: number): Promise<OutboxItem | null> {
      const [row] = await db.query<OutboxRow>("SELECT * FROM outbox WHERE id = $1", [id]);
      return row ? toItem(row) : null;
    },

    async forSubmission(submissionId: string): Promise<OutboxItem[]> {
      const rows = await db.query<OutboxRow>("SELECT * FROM outbox WHERE submission_id = $1 ORDER BY id", [submissionId]);
      return rows.map(toItem);
    },

    /** Puts a dead or pending item back at the head of the queue with a fresh retry schedule (in `tx` when given). */
    async retry(id: number, now: number, tx: Db = db): Promise<boolean> {
      const rows = await tx.query(
        "UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $2 WHERE id = $1 AND status <> 'delivered' RETURNING id",
        [id, now],
      );
      return rows.length > 0;
    },

    /** The earliest time something is due, to sleep until then. */
    async nextDueAt(): Promise<number | null> {
      const [row] = await db.query<Row & { at: number | null }>("SELECT MIN(next_attempt_at) AS at FROM outbox WHERE status = 'pending'");
      return row?.at === null || row?.at === undefined ? null : Number(row.at);
    },
  };
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;
