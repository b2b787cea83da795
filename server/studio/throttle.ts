import type { Db, Row } from "../leads/db.ts";
import { clock } from "../clock.ts";

/**
 * Sign-in throttling kept in the store, so every server behind a balancer
 * counts the same attempts. It slows guessing down without handing a stranger
 * a way to lock the owner out (OWASP's authentication guidance on lockout):
 *
 * - per login and address: `accountLimit` failures within the window refuse
 *   that login from that address only; the owner elsewhere still signs in;
 * - per address: `addressLimit` failures over any logins refuse the address
 *   (password spraying);
 * - per login from every address together (a guess from each of many
 *   addresses): from `accountLimit × SLOWDOWN_FACTOR` failures on, tries on
 *   that login from an address that has failed on it itself are spaced out,
 *   one per 1, 2, 4… seconds after the last failure, never more than
 *   SLOWDOWN_MAX_MS. An address with no failure of its own on the login is
 *   never spaced: otherwise one wrong guess a minute from anywhere would keep
 *   the owner out. Each address thus gets one unspaced guess per window, and
 *   the per-address limit still bounds how many logins it can try.
 *
 * Logins are counted known or not (the answer must not tell which exist). An
 * attempt is recorded before the password is checked (so a burst of parallel
 * tries cannot all slip under a limit) and taken back if it succeeds; a success
 * also forgets that login's earlier failures from the same address.
 */
export type ThrottleLimits = { accountLimit: number; addressLimit: number; windowMs: number };
export type ThrottleDecision = { allowed: true; attempt: Attempt } | { allowed: false; retryAfterSeconds: number };
type Attempt = { account: string; address: string; at: number };

/** Failures on one login from all addresses, as a multiple of the per-address limit, before tries are spaced out. */
export const SLOWDOWN_FACTOR = 4;
/** The longest space between two tries on a login under a spread-out attack. */
export const SLOWDOWN_MAX_MS = 60_000;

type CountRow = Row & { n: number; oldest: number | null; newest: number | null };

/** The key of a login tried from an address (a newline is in neither). */
const pairKey = (account: string, address: string) => `${account}\n${address}`;

export function createThrottle(db: Db, limits: ThrottleLimits) {
  async function count(tx: Db, scope: string, key: string, since: number) {
    const [row] = await tx.query<CountRow>(
      "SELECT COUNT(*) AS n, MIN(at) AS oldest, MAX(at) AS newest FROM studio_sign_in_attempts WHERE scope = $1 AND key = $2 AND at > $3",
      [scope, key, since],
    );
    const at = (value: number | null | undefined) => (value === null || value === undefined ? null : Number(value));
    return { n: Number(row?.n ?? 0), oldest: at(row?.oldest), newest: at(row?.newest) };
  }

  /** Until the oldest counted failure leaves the window, once `n` reached `limit`; else 0. */
  const windowWait = (c: { n: number; oldest: number | null }, limit: number, now: number) =>
    c.n >= limit ? (c.oldest ?? now) + limits.windowMs - now : 0;

  return {
    /** Records an attempt for this login and address, unless a limit says to wait. */
    async begin(account: string, address: string, now = clock.now()): Promise<ThrottleDecision> {
      const since = now - limits.windowMs;
      const pair = pairKey(account, address);
      return db.transaction(async (tx) => {
        // One sign-in at a time decides on PostgreSQL too (counts of concurrent ones would not see each other).
        if (db.backend === "postgres") await tx.query("SELECT pg_advisory_xact_lock(7302)");
        const byPair = await count(tx, "pair", pair, since);
        const byAddress = await count(tx, "address", address, since);
        const byAccount = await count(tx, "account", account, since);
        const beyond = byAccount.n - limits.accountLimit * SLOWDOWN_FACTOR;
        const spacing = beyond >= 0 && byPair.n > 0 ? Math.min(SLOWDOWN_MAX_MS, 1000 * 2 ** beyond) : 0;
        const wait = Math.max(
          windowWait(byPair, limits.accountLimit, now),
          windowWait(byAddress, limits.addressLimit, now),
          spacing > 0 ? (byAccount.newest ?? now) + spacing - now : 0,
        );
        if (wait > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
        await tx.query(
          "DELETE FROM studio_sign_in_attempts WHERE at <= $1 AND ((scope = 'pair' AND key = $2) OR (scope = 'address' AND key = $3) OR (scope = 'account' AND key = $4))",
          [since, pair, address, account],
        );
        await tx.query("INSERT INTO studio_sign_in_attempts (scope, key, at) VALUES ('pair', $1, $4), ('address', $2, $4), ('account', $3, $4)", [
          pair,
          address,
          account,
          now,
        ]);
        return { allowed: true, attempt: { account, address, at: now } };
      });
    },

    /**
     * The attempt succeeded: it does not count, and neither do the login's earlier failures
     * from this address. Failures from elsewhere stay: the owner's success ends no one else's wait.
     */
    async succeeded(attempt: Attempt): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query("DELETE FROM studio_sign_in_attempts WHERE scope = 'pair' AND key = $1", [pairKey(attempt.account, attempt.address)]);
        for (const [scope, key] of [
          ["address", attempt.address],
          ["account", attempt.account],
        ] as const) {
          await tx.query("DELETE FROM studio_sign_in_attempts WHERE id IN (SELECT id FROM studio_sign_in_attempts WHERE scope = $1 AND key = $2 AND at = $3 LIMIT 1)", [
            scope,
            key,
            attempt.at,
          ]);
        }
      });
    },

    /** Drops attempts older than the window (called now and then). */
    async prune(now = clock.now()): Promise<void> {
      await db.query("DELETE FROM studio_sign_in_attempts WHERE at <= $1", [now - limits.windowMs]);
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
