import type { PersonalDataDeletion } from "#core/studio/inbox.ts";
import type { Db, SqlValue } from "../../leads/db.ts";
import { whatRemains } from "../../leads/remains.ts";
import { markForWipe, type PersonalTable, WIPE_DEADLINE_MS, wipeDeleted } from "../../leads/wipe.ts";
import type { AuditLog } from "../audit.ts";
import type { By } from "../inbox/store.ts";
import { submissionsOf } from "./find.ts";
import { belonging, type Chosen, matching, type Subject, subscriptionsOf } from "./scope.ts";

/**
 * Deletes what is held about the subject (as chosen: never a kind the role does not see), with
 * its audit entry, in one transaction: submissions, CV files, deliveries queued or done,
 * subscriptions, stage history, comments, search words. Then removes the deleted bytes from the
 * store's files (wipe.ts). The audit entry says how much and which submission ids, never the key.
 */
export async function eraseHeld(db: Db, audit: AuditLog, subject: Subject, by: By, now: number, chosen: Chosen): Promise<PersonalDataDeletion> {
  // The request's own time (not the injected clock): the answer must leave before the socket's timeout.
  const started = performance.now();
  const deleted = await db.transaction(async (tx) => {
    // A delivery in progress holds its outbox row (FOR UPDATE): wait for it a while, not for ever.
    if (db.backend === "postgres") await tx.query("SET LOCAL lock_timeout = '10s'");
    const found = await submissionsOf(tx, subject, chosen);
    const m = matching(subject, chosen);
    const b = belonging(subject, chosen);
    const removed = async (sql: string, params: SqlValue[]) => (await tx.query(`${sql} RETURNING 1 AS x`, params)).length;
    const held = subscriptionsOf(subject, chosen);
    // Subscriptions first: those tied to a submission find it through the submission.
    const subscriptions = await removed(`DELETE FROM subscriptions WHERE ${held.sql}`, held.params);
    const files = await removed(`DELETE FROM files WHERE ${b.sql}`, b.params);
    const deliveries = await removed(`DELETE FROM outbox WHERE ${b.sql}`, b.params);
    const statusChanges = await removed(`DELETE FROM submission_status_history WHERE ${b.sql}`, b.params);
    const comments = await removed(`DELETE FROM submission_comments WHERE ${b.sql}`, b.params);
    await tx.query(`DELETE FROM submission_words WHERE ${b.sql}`, b.params);
    const submissions = await removed(`DELETE FROM submissions WHERE ${m.sql}`, m.params);
    const result = { submissions, files, deliveries, subscriptions, statusChanges, comments };
    const lost: Array<[number, PersonalTable[]]> = [
      [submissions, ["submissions", "submission_words"]],
      [files, ["files"]],
      [deliveries, ["outbox"]],
      [subscriptions, ["subscriptions"]],
      [statusChanges, ["submission_status_history"]],
      [comments, ["submission_comments"]],
    ];
    await markForWipe(tx, lost.flatMap(([count, tables]) => (count > 0 ? tables : [])));
    await audit.write({ action: "personal-data.delete", actor: by.actor, details: { by: subject.by, ...result, ids: found.map((s) => s.id) }, ip: by.ip, at: now }, tx);
    return result;
  });
  // One deadline for deletion and rewrite together (the deletion may wait up to 10 s for a lock):
  // what is not rewritten by then stays marked, and the server rewrites it shortly after (wipe.ts).
  const deadlineMs = Math.max(1_000, WIPE_DEADLINE_MS - (performance.now() - started));
  return { ...deleted, wiped: await wipeDeleted(db, { deadlineMs }), remains: await whatRemains(db, now) };
}
