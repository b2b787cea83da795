import type { Db, Row } from "../../leads/db.ts";
import type { AuditLog } from "../audit.ts";
import type { By } from "./stage-moves.ts";
import { num, type SubmissionRow } from "./visible.ts";

/** `notify`: assignment letters are delivered (mail is configured); called after one is queued, to wake the outbox. */
export function createAssign(audit: AuditLog, notify?: () => void) {
  /** A new owner, its audit entry and, when someone else is made responsible and has an e-mail, a letter through the outbox. */
  return async function assign(tx: Db, row: SubmissionRow, owner: number | null, by: By, now: number): Promise<void> {
    if (num(row.owner_id) === owner) return;
    await tx.query("UPDATE submissions SET owner_id = $2, touched_at = $3 WHERE id = $1", [row.id, owner, now]);
    await audit.write({ action: "inbox.owner", actor: by.actor, target: row.id, details: { kind: row.form, number: num(row.number), from: num(row.owner_id), to: owner }, ip: by.ip, at: now }, tx);
    row.owner_id = owner;
    if (owner === null || owner === by.actor.id || !notify) return;
    const [user] = await tx.query<Row & { email: string | null; name: string }>("SELECT email, name FROM studio_users WHERE id = $1", [owner]);
    if (!user?.email) return;
    // One letter per submission and channel: a new assignment replaces a letter still waiting (or sent to someone before).
    await tx.query(
      `INSERT INTO outbox (submission_id, channel, next_attempt_at, payload, created_at) VALUES ($1, 'assign', $2, $3, $2)
       ON CONFLICT (submission_id, channel) DO UPDATE SET status = 'pending', attempts = 0, next_attempt_at = $2, payload = $3,
         last_error = NULL, delivered_at = NULL, created_at = $2`,
      [row.id, now, JSON.stringify({ to: user.email, name: user.name, by: by.actor.login })],
    );
    notify();
  };
}
