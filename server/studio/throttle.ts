import type { Db, Row } from "../leads/db.ts";

/**
 * Sign-in throttling kept in the store, so every server behind a balancer
 * counts the same attempts. Failed sign-ins are counted per login (known or
 * not: the answer must not tell which logins exist) and per client address
 * within a sliding window; at the limit, further tries are refused with the
 * seconds until the oldest counted failure leaves the window.
 *
 * An attempt is recorded before the password is checked (so a burst of
 * parallel tries cannot all slip under the limit) and taken back if it
 * succeeds; a success also forgets that login's earlier failures.
 */
export type ThrottleLimits = { accountLimit: number; addressLimit: number; windowMs: number };
export type ThrottleDecision = { allowed: true; attempt: Attempt } | { allowed: false; retryAfterSeconds: number };
type Attempt = { account: string; address: string; at: number };

type CountRow = Row & { n: number; oldest: number | null };

export function createThrottle(db: Db, limits: ThrottleLimits) {
  async function count(tx: Db, scope: string, key: string, since: number) {
    const [row] = await tx.query<CountRow>(
      "SELECT COUNT(*) AS n, MIN(at) AS oldest FROM studio_sign_in_attempts WHERE scope = $1 AND key = $2 AND at > $3",
      [scope, key, since],
    );
    return { n: Number(row?.n ?? 0), oldest: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest) };
  }

  return {
    /** Records an attempt for this login and address, unless either is at its limit. */
    async begin(account: string, address: string, now = Date.now()): Promise<ThrottleDecision> {
      const since = now - limits.windowMs;
      return db.transaction(async (tx) => {
        // One sign-in at a time decides on PostgreSQL too (counts of concurrent ones would not see each other).
        if (db.backend === "postgres") await tx.query("SELECT pg_advisory_xact_lock(7302)");
        const byAccount = await count(tx, "account", account, since);
        const byAddress = await count(tx, "address", address, since);
        const waits = [
          byAccount.n >= limits.accountLimit ? (byAccount.oldest ?? now) + limits.windowMs - now : 0,
          byAddress.n >= limits.addressLimit ? (byAddress.oldest ?? now) + limits.windowMs - now : 0,
        ];
        const wait = Math.max(...waits);
        if (wait > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
        await tx.query("DELETE FROM studio_sign_in_attempts WHERE at <= $1 AND ((scope = 'account' AND key = $2) OR (scope = 'address' AND key = $3))", [
          since,
          account,
          address,
        ]);
        await tx.query("INSERT INTO studio_sign_in_attempts (scope, key, at) VALUES ('account', $1, $3), ('address', $2, $3)", [account, address, now]);
        return { allowed: true, attempt: { account, address, at: now } };
      });
    },

    /** The attempt succeeded: it does not count, and neither do the login's earlier failures. */
    async succeeded(attempt: Attempt): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query("DELETE FROM studio_sign_in_attempts WHERE scope = 'account' AND key = $1", [attempt.account]);
        await tx.query("DELETE FROM studio_sign_in_attempts WHERE id IN (SELECT id FROM studio_sign_in_attempts WHERE scope = 'address' AND key = $1 AND at = $2 LIMIT 1)", [
          attempt.address,
          attempt.at,
        ]);
      });
    },

    /** Drops attempts older than the window (called now and then). */
    async prune(now = Date.now()): Promise<void> {
      await db.query("DELETE FROM studio_sign_in_attempts WHERE at <= $1", [now - limits.windowMs]);
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
