import type { Db, Row } from "./db.ts";
import type { Channel } from "./types.ts";

/** The newsletter's subscriptions after the form: a confirmation link checked and used, and a subscription's state. */
export function subscriptionStore(db: Db) {
  return {
    /** Whether a confirmation link can still be used. */
    async subscriptionTokenValid(tokenHash: string, now: number): Promise<boolean> {
      const rows = await db.query(
        "SELECT email FROM subscriptions WHERE token_hash = $1 AND status = 'pending' AND token_expires_at > $2",
        [tokenHash, now],
      );
      return rows.length > 0;
    },

    /**
     * Activates the subscription of a valid, unused link and queues its
     * delivery to the CRM. The link stops working. Null when the link is
     * unknown, used or expired.
     */
    async confirmSubscription(tokenHash: string, now: number, channels: readonly Channel[]): Promise<{ email: string } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.query<Row & { email: string; submission_id: string }>(
          `UPDATE subscriptions SET status = 'active', confirmed_at = $2, token_hash = NULL, token_expires_at = NULL
           WHERE token_hash = $1 AND status = 'pending' AND token_expires_at > $2 RETURNING email, submission_id`,
          [tokenHash, now],
        );
        if (!row) return null;
        for (const channel of channels) {
          await tx.query(
            `INSERT INTO outbox (submission_id, channel, next_attempt_at, payload, created_at) VALUES ($1, $2, $3, $4, $3)
             ON CONFLICT (submission_id, channel) DO NOTHING`,
            [row.submission_id, channel, now, JSON.stringify({ event: "subscription.confirmed", confirmedAt: new Date(now).toISOString() })],
          );
        }
        return { email: row.email };
      });
    },

    async subscription(email: string): Promise<{ status: string; confirmedAt: number | null } | null> {
      const [row] = await db.query<Row & { status: string; confirmed_at: number | null }>(
        "SELECT status, confirmed_at FROM subscriptions WHERE email = $1",
        [email],
      );
      return row ? { status: row.status, confirmedAt: row.confirmed_at === null ? null : Number(row.confirmed_at) } : null;
    },

  };
}
