import type { Db, Row } from "../leads/db.ts";
import type { UserRow } from "#core/studio/api.ts";
import { ADMIN_ROLE, type Role } from "#core/studio/roles.ts";
import type { AuditLog } from "./audit.ts";
import type { SessionStore } from "./sessions.ts";
import { ownsKinds } from "./inbox/pipeline.ts";

/**
 * Accounts. Every change is one transaction with its audit entry (and, for a
 * password change, a role change or a removal, the end of that user's
 * sessions), so the log never misses a change that happened. At least one
 * active admin always remains: removing, blocking or demoting the last one is refused.
 * A blocked account keeps its row (its name stays on past entries and comments) but
 * cannot sign in; blocking or removing someone who owns requests hands them to another
 * active owner in the same transaction, never leaving them without one.
 * The HTTP API and the command line (server/studio/command.ts) share this module.
 */
export type Actor = { id: number; login: string } | null;
export type UserRecord = UserRow & { passwordHash: string };
/** Who changes something: a signed-in user, or the command line (actor null, via "console"). */
export type ChangeContext = { actor: Actor; ip: string | null; via?: "console" };

export class UserError extends Error {
  /** `self`: an admin blocking themself; `owner-needed`: they own requests and nobody was named to take them; `owner-invalid`: that person cannot. */
  readonly code: "exists" | "not-found" | "last-admin" | "self" | "owner-needed" | "owner-invalid";
  constructor(code: UserError["code"]) {
    super(code);
    this.code = code;
  }
}

const via = (by: ChangeContext) => (by.via ? { via: by.via } : {});

type DbRow = Row & { id: number; login: string; name: string; role: string; password_hash: string; created_at: number; updated_at: number; blocked_at: number | null };

function toUser(row: DbRow): UserRecord {
  return {
    id: Number(row.id),
    login: row.login,
    name: row.name,
    role: row.role as Role,
    passwordHash: row.password_hash,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    blockedAt: row.blocked_at === null ? null : Number(row.blocked_at),
  };
}

export function createUserStore(db: Db, audit: AuditLog, sessions: SessionStore) {
  /** Account changes one at a time on PostgreSQL too: the last-admin rule counts admins, then changes one. */
  async function locked<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      if (db.backend === "postgres") await tx.query("SELECT pg_advisory_xact_lock(7303)");
      return work(tx);
    });
  }

  async function find(tx: Db, login: string): Promise<UserRecord | null> {
    const [row] = await tx.query<DbRow>("SELECT * FROM studio_users WHERE login = $1", [login]);
    return row ? toUser(row) : null;
  }

  async function otherAdmins(tx: Db, userId: number): Promise<number> {
    const [row] = await tx.query<Row & { n: number }>("SELECT COUNT(*) AS n FROM studio_users WHERE role = $1 AND id <> $2 AND blocked_at IS NULL", [ADMIN_ROLE, userId]);
    return Number(row?.n ?? 0);
  }

  async function existing(tx: Db, login: string): Promise<UserRecord> {
    const user = await find(tx, login);
    if (!user) throw new UserError("not-found");
    return user;
  }

  const publicRow = ({ passwordHash: _, ...user }: UserRecord): UserRow => user;

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
    find: (login: string) => find(db, login),

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

    /**
     * Blocks an account: its requests go to `to` (required when it owns any), its sessions end and
     * it cannot sign in, all in one transaction. Not oneself, not the last active admin.
     */
    async block(login: string, to: string | null, by: ChangeContext, now = Date.now()): Promise<UserRow> {
      return locked(async (tx) => {
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
      return locked(async (tx) => {
        const user = await existing(tx, login);
        if (user.blockedAt === null) return publicRow(user);
        await tx.query("UPDATE studio_users SET blocked_at = NULL, updated_at = $2 WHERE id = $1", [user.id, now]);
        await audit.write({ action: "user.unblock", actor: by.actor, target: login, details: { ...via(by) }, ip: by.ip, at: now }, tx);
        return publicRow({ ...user, blockedAt: null, updatedAt: now });
      });
    },

    async create(input: { login: string; name: string; role: Role; passwordHash: string }, by: ChangeContext, now = Date.now()): Promise<UserRow> {
      return locked(async (tx) => {
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
      return locked(async (tx) => {
        const user = await existing(tx, login);
        if (user.role === role) return publicRow(user);
        if (user.role === ADMIN_ROLE && (await otherAdmins(tx, user.id)) === 0) throw new UserError("last-admin");
        await tx.query("UPDATE studio_users SET role = $2, updated_at = $3 WHERE id = $1", [user.id, role, now]);
        await audit.write({ action: "user.role", actor: by.actor, target: login, details: { from: user.role, to: role, ...via(by) }, ip: by.ip, at: now }, tx);
        return publicRow({ ...user, role, updatedAt: now });
      });
    },

    async rename(login: string, name: string, by: ChangeContext, now = Date.now()): Promise<UserRow> {
      return locked(async (tx) => {
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
      return locked(async (tx) => {
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

    /** Re-hash with today's parameters after a successful sign-in (not a change anyone made: no audit entry). */
    async upgradeHash(userId: number, passwordHash: string): Promise<void> {
      await db.query("UPDATE studio_users SET password_hash = $2 WHERE id = $1", [userId, passwordHash]);
    },

    /** Removes an account; its requests go to `to` first (required when it owns any). */
    async remove(login: string, to: string | null, by: ChangeContext, now = Date.now()): Promise<void> {
      await locked(async (tx) => {
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

export type UserStore = ReturnType<typeof createUserStore>;
