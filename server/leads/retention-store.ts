import type { Db } from "./db.ts";
import { markForWipe, PERSONAL_TABLES, wipeDeleted } from "./wipe.ts";

export function retentionStore(db: Db) {
  return {
    /**
     * Retention: deletes submissions older than `cutoff` with their files and
     * outbox items, and subscriptions never confirmed. An active
     * subscription keeps its request: it is the record of the consent.
     * The run is recorded (retention_runs) in the same transaction. Then the
     * deleted bytes leave the store's files (wipe.ts): `wiped` says they did, within
     * `wipe.deadlineMs` (WIPE_DEADLINE_MS unless given).
     */
    async deleteOlderThan(
      cutoff: number,
      days: number,
      now = Date.now(),
      wipe: { deadlineMs?: number } = {},
    ): Promise<{ submissions: number; subscriptions: number; wiped: boolean }> {
      const deleted = await db.transaction(async (tx) => {
        const subscriptions = await tx.query(
          "DELETE FROM subscriptions WHERE status = 'pending' AND requested_at < $1 RETURNING email",
          [cutoff],
        );
        const expired = "SELECT id FROM submissions WHERE created_at < $1 AND id NOT IN (SELECT submission_id FROM subscriptions)";
        // Counted apart (the cascade would delete them too): the CVs' table is rewritten only when it lost one (wipe.ts).
        const files = await tx.query(`DELETE FROM files WHERE submission_id IN (${expired}) RETURNING 1 AS x`, [cutoff]);
        const submissions = await tx.query(`DELETE FROM submissions WHERE id IN (${expired}) RETURNING id`, [cutoff]);
        // The studio shows when retention last ran and what it deleted.
        await tx.query("INSERT INTO retention_runs (at, days, cutoff, submissions, subscriptions) VALUES ($1, $2, $3, $4, $5)", [
          now,
          days,
          cutoff,
          submissions.length,
          subscriptions.length,
        ]);
        // The cascade reached every other table that holds a submission's data.
        if (submissions.length > 0) await markForWipe(tx, PERSONAL_TABLES.filter((table) => table !== "files" || files.length > 0));
        else if (subscriptions.length > 0) await markForWipe(tx, ["subscriptions"]);
        return { submissions: submissions.length, subscriptions: subscriptions.length };
      });
      return { ...deleted, wiped: await wipeDeleted(db, wipe) };
    },
  };
}
