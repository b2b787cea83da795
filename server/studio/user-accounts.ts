import type { Db, Row } from "../leads/db.ts";
import type { UserRow } from "#core/studio/api.ts";
import { ADMIN_ROLE, type Role } from "#core/studio/roles.ts";
import type { AuditLog } from "./audit.ts";
import type { SessionStore } from "./sessions.ts";
import { type ChangeContext, type DbRow, existing, find, locked, otherAdmins, publicRow, toUser, UserError, via } from "./user-rows.ts";

/** The accounts as the team manages them: the list, and an account made, renamed, given a role or a new password. */
export function userAccounts(db: Db, audit: AuditLog, sessions: SessionStore) {
  return {
    async list(): Promise<UserRow[]> {
      const rows = await db.query<DbRow>("SELECT * FROM studio_users ORDER BY login");
      return rows.map((row) => publicRow(toUser(row)));
    },

    /** How many requests each login owns (those owning none are absent). */
    async owned(): Promise<Record<string, number>> {
      const rows = await db.query<Row & { login: string; n: number }>(
        "SELECT u.login, COUNT(*) AS n FROM submissions s JOIN studio_users u ON u.id = s.owner_id GROUP BY u.login",
      );
      return Object.fromEntries(rows.map((row) => [row.login, Number(row.n)]));
    },

    async create(input: { login: string; name: string; role: Role; passwordHash: string }, by: ChangeContext, now = Date.now()): Promise<UserRow> {
      return locked(db, async (tx) => {
        if (await find(tx, input.login)) throw new UserError("exists");
        const [row] = await tx.query<DbRow>(
          "INSERT INTO studio_users (login, name, role, password_hash, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING *",
          [input.login, input.name, input.role, input.passwordHash, now],
        );
        await audit.write({ action: "user.create", actor: by.actor, target: input.login, details: { role: input.role, name: input.name, ...via(by) }, ip: by.ip, at: now }, tx);
        return publicRow(toUser(row as DbRow));
      });
    },

    /** A new role; it applies from the user's next request (sessions read the role afresh each time). */
    async setRole(login: string, role: Role, by: ChangeContext, now = Date.now()): Promise<UserRow> {
      return locked(db, async (tx) => {
        const user = await existing(tx, login);
        if (user.role === role) return publicRow(user);
        if (user.role === ADMIN_ROLE && (await otherAdmins(tx, user.id)) === 0) throw new UserError("last-admin");
        await tx.query("UPDATE studio_users SET role = $2, updated_at = $3 WHERE id = $1", [user.id, role, now]);
        await audit.write({ action: "user.role", actor: by.actor, target: login, details: { from: user.role, to: role, ...via(by) }, ip: by.ip, at: now }, tx);
        return publicRow({ ...user, role, updatedAt: now });
      });
    },

    async rename(login: string, name: string, by: ChangeContext, now = Date.now()): Promise<UserRow> {
      return locked(db, async (tx) => {
        const user = await existing(tx, login);
        if (user.name === name) return publicRow(user);
        await tx.query("UPDATE studio_users SET name = $2, updated_at = $3 WHERE id = $1", [user.id, name, now]);
        await audit.write({ action: "user.rename", actor: by.actor, target: login, details: { from: user.name, to: name, ...via(by) }, ip: by.ip, at: now }, tx);
        return publicRow({ ...user, name, updatedAt: now });
      });
    },

    /**
     * A new password hash; every session of the user ends. `own`: the user
     * changed it themself (user.password), else an admin or the console reset it.
     */
    async setPassword(login: string, passwordHash: string, by: ChangeContext, own: boolean, now = Date.now()): Promise<UserRow> {
      return locked(db, async (tx) => {
        const user = await existing(tx, login);
        await tx.query("UPDATE studio_users SET password_hash = $2, updated_at = $3 WHERE id = $1", [user.id, passwordHash, now]);
        const ended = await sessions.endAllOf(user.id, tx);
        await audit.write(
          { action: own ? "user.password" : "user.password-reset", actor: by.actor, target: login, details: { sessionsEnded: ended, ...via(by) }, ip: by.ip, at: now },
          tx,
        );
        return publicRow({ ...user, updatedAt: now });
      });
    },
  };
}
