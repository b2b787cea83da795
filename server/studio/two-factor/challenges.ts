import { randomBytes } from "node:crypto";
import type { Db, Row } from "../../leads/db.ts";
import { clock } from "../../clock.ts";
import { hashSessionId } from "../sessions.ts";

/**
 * The second step of a sign-in: after the right password, a person with a second factor gets
 * this instead of a session (a random id in a cookie of its own, only its digest stored), good
 * for CHALLENGE_MS; the session comes only with the right code.
 */
export const CHALLENGE_MS = 5 * 60_000;

export function createChallenges(db: Db) {
  return {
    async create(userId: number, now = clock.now()): Promise<string> {
      const id = randomBytes(32).toString("base64url");
      // One sign-in in progress per person: an older one ends.
      await db.query("DELETE FROM studio_sign_in_challenges WHERE user_id = $1", [userId]);
      await db.query("INSERT INTO studio_sign_in_challenges (id_hash, user_id, created_at) VALUES ($1, $2, $3)", [hashSessionId(id), userId, now]);
      return id;
    },

    /** The login whose sign-in this is, or null (unknown or over). */
    async find(id: string, now = clock.now()): Promise<string | null> {
      const [found] = await db.query<Row & { login: string; created_at: number }>(
        "SELECT u.login, c.created_at FROM studio_sign_in_challenges c JOIN studio_users u ON u.id = c.user_id WHERE c.id_hash = $1",
        [hashSessionId(id)],
      );
      if (!found || now - Number(found.created_at) > CHALLENGE_MS) return null;
      return found.login;
    },

    async end(id: string): Promise<void> {
      await db.query("DELETE FROM studio_sign_in_challenges WHERE id_hash = $1", [hashSessionId(id)]);
    },

    async prune(now = clock.now()): Promise<void> {
      await db.query("DELETE FROM studio_sign_in_challenges WHERE created_at < $1", [now - CHALLENGE_MS]);
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;
