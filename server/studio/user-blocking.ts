import type { Db, Row } from "../leads/db.ts";
import type { UserRow } from "#core/studio/api.ts";
import { ADMIN_ROLE } from "#core/studio/roles.ts";
import type { AuditLog } from "./audit.ts";
import type { SessionStore } from "./sessions.ts";
import { ownsKinds } from "./inbox/pipeline.ts";
import { type ChangeContext, existing, find, locked, otherAdmins, publicRow, type UserRecord, UserError, via } from "./user-rows.ts";

/**
 * An account taken out of the work: blocked, unblocked or removed. Whoever leaves hands the
 * requests they own to an active colleague in the same transaction, and their sessions end.
 */
export function userBlocking(db: Db, audit: AuditLog, sessions: SessionStore) {
  /**
   * Every request `user` owns goes to `to` (a login): an active account, not theirs, that may own
   * each of those requests' kinds. Each request's history gets its owner change; one entry says who
   * handed how many. Returns how many went.
   */
  async function handOver(tx: Db, user: UserRecord, to: string | null, by: ChangeContext, now: number): Promise<number> {
    const owned = await tx.query<Row & { id: string; form: string }>("SELECT id, form FROM submissions WHERE owner_id = $1 ORDER BY id", [user.id]);
    if (owned.length === 0) return 0;
    if (to === null || to === "") throw new UserError("owner-needed");
    const heir = await find(tx, to);
    const kinds: string[] = heir ? ownsKinds(heir.role) : [];
    if (!heir || heir.id === user.id || heir.blockedAt !== null || owned.some((row) => !kinds.includes(row.form))) throw new UserError("owner-invalid");
    await tx.query("UPDATE submissions SET owner_id = $2 WHERE owner_id = $1", [user.id, heir.id]);
    for (const row of owned) {
      await audit.write({ action: "inbox.owner", actor: by.actor, target: row.id, details: { kind: row.form, from: user.id, to: heir.id, ...via(by) }, ip: by.ip, at: now }, tx);
    }
    await audit.write({ action: "user.reassign", actor: by.actor, target: user.login, details: { to: heir.login, count: owned.length, ...via(by) }, ip: by.ip, at: now }, tx);
    return owned.length;
  }

  return {
    /**
     * Blocks an account: its requests go to `to` (required when it owns any), its sessions end and
     * it cannot sign in, all in one transaction. Not oneself, not the last active admin.
     */
    async block(login: string, to: string | null, by: ChangeContext, now = Date.now()): Promise<UserRow> {
      return locked(db, async (tx) => {
        const user = await existing(tx, login);
        if (by.actor?.id === user.id) throw new UserError("self");
        if (user.blockedAt !== null) return publicRow(user);
        if (user.role === ADMIN_ROLE && (await otherAdmins(tx, user.id)) === 0) throw new UserError("last-admin");
        const handed = await handOver(tx, user, to, by, now);
        await tx.query("UPDATE studio_users SET blocked_at = $2, updated_at = $2 WHERE id = $1", [user.id, now]);
        const ended = await sessions.endAllOf(user.id, tx);
        await audit.write(
          { action: "user.block", actor: by.actor, target: login, details: { sessionsEnded: ended, requestsTo: handed > 0 ? to : null, ...via(by) }, ip: by.ip, at: now },
          tx,
        );
        return publicRow({ ...user, blockedAt: now, updatedAt: now });
      });
    },

    async unblock(login: string, by: ChangeContext, now = Date.now()): Promise<UserRow> {
      return locked(db, async (tx) => {
        const user = await existing(tx, login);
        if (user.blockedAt === null) return publicRow(user);
        await tx.query("UPDATE studio_users SET blocked_at = NULL, updated_at = $2 WHERE id = $1", [user.id, now]);
        await audit.write({ action: "user.unblock", actor: by.actor, target: login, details: { ...via(by) }, ip: by.ip, at: now }, tx);
        return publicRow({ ...user, blockedAt: null, updatedAt: now });
      });
    },

    /** Removes an account; its requests go to `to` first (required when it owns any). */
    async remove(login: string, to: string | null, by: ChangeContext, now = Date.now()): Promise<void> {
      await locked(db, async (tx) => {
        const user = await existing(tx, login);
        if (user.role === ADMIN_ROLE && user.blockedAt === null && (await otherAdmins(tx, user.id)) === 0) throw new UserError("last-admin");
        await handOver(tx, user, to, by, now);
        const ended = await sessions.endAllOf(user.id, tx);
        await tx.query("DELETE FROM studio_users WHERE id = $1", [user.id]);
        await audit.write({ action: "user.remove", actor: by.actor, target: login, details: { role: user.role, sessionsEnded: ended, ...via(by) }, ip: by.ip, at: now }, tx);
      });
    },
  };
}
