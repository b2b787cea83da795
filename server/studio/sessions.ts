import { createHash, randomBytes } from "node:crypto";
import type { Db, Row } from "../leads/db.ts";
import type { Role } from "#core/studio/roles.ts";
import { clock } from "../clock.ts";

/**
 * Server-side sessions (ASVS V3): the cookie holds 256 random bits; the store
 * keeps only their SHA-256, so a copy of the database signs no one in. A
 * session ends after `idleMs` without a request or `lifetimeMs` after sign-in,
 * whichever comes first, on sign-out, and when its user's password changes
 * or the user is blocked or removed (a blocked user's session is never found).
 */
export type SessionLimits = { idleMs: number; lifetimeMs: number };
export type SessionUserRow = { id: number; login: string; name: string; role: Role; passwordHash: string };
/**
 * `twoFactor`: the user's second factor is on; `adminsTwoFactor`: the studio requires one of
 * admins (read with the session, so turning either on applies from the next request).
 */
export type ActiveSession = { idHash: string; user: SessionUserRow; createdAt: number; twoFactor: boolean; adminsTwoFactor: boolean };

/** Activity is written at most this often per session (a tenth of the idle time if less): not a write per request. */
const TOUCH_EVERY_MS = 30_000;

export const hashSessionId = (id: string) => createHash("sha256").update(id).digest("hex");

type JoinedRow = Row & {
  id_hash: string;
  created_at: number;
  last_seen_at: number;
  user_id: number;
  login: string;
  name: string;
  role: string;
  password_hash: string;
  two_factor_at: number | null;
  admins_two_factor: string | null;
};

export function createSessionStore(db: Db, limits: SessionLimits) {
  const touchEvery = Math.min(TOUCH_EVERY_MS, limits.idleMs / 10);
  return {
    /** A new session for the user; returns the id for the cookie (never stored). */
    async create(userId: number, ip: string, now = clock.now()): Promise<string> {
      const id = randomBytes(32).toString("base64url");
      await db.query("INSERT INTO studio_sessions (id_hash, user_id, created_at, last_seen_at, ip) VALUES ($1, $2, $3, $3, $4)", [
        hashSessionId(id),
        userId,
        now,
        ip,
      ]);
      return id;
    },

    /** The live session of this id with its user, or null (an expired one is deleted). */
    async find(id: string, now = clock.now()): Promise<ActiveSession | null> {
      const idHash = hashSessionId(id);
      const [row] = await db.query<JoinedRow>(
        `SELECT s.id_hash, s.created_at, s.last_seen_at, u.id AS user_id, u.login, u.name, u.role, u.password_hash,
           (SELECT t.enabled_at FROM studio_two_factor t WHERE t.user_id = u.id) AS two_factor_at,
           (SELECT w.value FROM app_settings w WHERE w.key = 'switch.admins-two-factor') AS admins_two_factor
         FROM studio_sessions s JOIN studio_users u ON u.id = s.user_id WHERE s.id_hash = $1 AND u.blocked_at IS NULL`,
        [idHash],
      );
      if (!row) return null;
      const createdAt = Number(row.created_at);
      const lastSeen = Number(row.last_seen_at);
      if (now - lastSeen > limits.idleMs || now - createdAt > limits.lifetimeMs) {
        await db.query("DELETE FROM studio_sessions WHERE id_hash = $1", [idHash]);
        return null;
      }
      if (now - lastSeen >= touchEvery) {
        await db.query("UPDATE studio_sessions SET last_seen_at = $2 WHERE id_hash = $1", [idHash, now]);
      }
      return {
        idHash,
        createdAt,
        user: { id: Number(row.user_id), login: row.login, name: row.name, role: row.role as Role, passwordHash: row.password_hash },
        twoFactor: row.two_factor_at !== null && row.two_factor_at !== undefined,
        adminsTwoFactor: row.admins_two_factor === "on",
      };
    },

    async end(idHash: string): Promise<void> {
      await db.query("DELETE FROM studio_sessions WHERE id_hash = $1", [idHash]);
    },

    /** Ends every session of a user (password changed, user removed); returns how many. */
    async endAllOf(userId: number, tx: Db = db): Promise<number> {
      return (await tx.query("DELETE FROM studio_sessions WHERE user_id = $1 RETURNING id_hash", [userId])).length;
    },

    /** Drops sessions that can no longer be used (called now and then). */
    async prune(now = clock.now()): Promise<void> {
      await db.query("DELETE FROM studio_sessions WHERE last_seen_at < $1 OR created_at < $2", [now - limits.idleMs, now - limits.lifetimeMs]);
    },

    async count(userId: number): Promise<number> {
      const [row] = await db.query<Row & { n: number }>("SELECT COUNT(*) AS n FROM studio_sessions WHERE user_id = $1", [userId]);
      return Number(row?.n ?? 0);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
