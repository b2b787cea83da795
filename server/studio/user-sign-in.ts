import type { Db } from "../leads/db.ts";
import { find } from "./user-rows.ts";

/** What signing in reads and keeps of an account: its row by login, and its password's hash brought up to date. */
export function userSignIn(db: Db) {
  return {
    find: (login: string) => find(db, login),

    /** Re-hash with today's parameters after a successful sign-in (not a change anyone made: no audit entry). */
    async upgradeHash(userId: number, passwordHash: string): Promise<void> {
      await db.query("UPDATE studio_users SET password_hash = $2 WHERE id = $1", [userId, passwordHash]);
    },
  };
}
