import type { Campaign } from "#core/forms/campaign.ts";
import type { FormKind } from "#core/forms/kinds.ts";
import { variantKey } from "#core/landings/variants.ts";
import type { Db, Row } from "./db.ts";
import { searchKeys, sourceOf, writeSearchKeys } from "./search-keys.ts";
import type { NewSubmission, StoredFile, Submission } from "./types.ts";

/**
 * Submissions as the forms store them and delivery reads them back: the row with its number,
 * search keys, file, outbox items and (for the newsletter) the pending subscription.
 */

/** A pending subscription asked again within this time gets no second e-mail. */
export const CONFIRM_RESEND_MS = 60_000;

/** A request's campaign as its row holds it (campaignOf reads it). */
export type CampaignColumns = { campaign_landing: string | null; campaign_variant: string | null; campaign_label: string | null };

type SubmissionRow = Row &
  CampaignColumns & { id: string; number: number | null; form: string; created_at: number; data: string; page: string; utm: string; referrer: string | null; landing: string | null; ip: string; consent: string };

function toSubmission(row: SubmissionRow, file: StoredFile | null): Submission {
  return {
    id: row.id,
    form: row.form as FormKind,
    createdAt: Number(row.created_at),
    data: JSON.parse(row.data),
    page: row.page,
    utm: JSON.parse(row.utm),
    visit: { referrer: row.referrer ?? null, landing: row.landing ?? null },
    campaign: campaignOf(row),
    ip: row.ip,
    consent: JSON.parse(row.consent),
    file,
    number: row.number === null || row.number === undefined ? null : Number(row.number),
  };
}

/** A stored request's campaign, from its columns (none before landings, or from another page). */
export function campaignOf(row: Partial<CampaignColumns>): Campaign | null {
  if (!row.campaign_landing) return null;
  return { landing: row.campaign_landing, variant: variantKey(row.campaign_variant), label: row.campaign_label ?? null };
}

/** What storing a submission did: whether it was new, and its kind's number (a repeat's is the one given first). */
export type Stored = { stored: boolean; number: number };

/** One submission inside the caller's transaction (see insertSubmission). */
async function write(tx: Db, s: NewSubmission): Promise<Stored> {
  const values = [s.id, s.form, s.createdAt, JSON.stringify(s.data), s.page, JSON.stringify(s.utm), s.visit.referrer, s.visit.landing, sourceOf(s), s.ip, JSON.stringify(s.consent)];
  // A request from a landing names it in columns of their own (added with the landings); any other leaves them out, so a store not yet migrated that far takes it too.
  const campaign = s.campaign ? [s.campaign.landing, s.campaign.variant, s.campaign.label] : [];
  const columns = campaign.length > 0 ? ", campaign_landing, campaign_variant, campaign_label" : "";
  const marks = [...values, ...campaign].map((_, i) => `$${i + 1}`).join(", ");
  const inserted = await tx.query(
    `INSERT INTO submissions (id, form, created_at, data, page, utm, referrer, landing, source, ip, consent${columns})
     VALUES (${marks}) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [...values, ...campaign],
  );
  if (inserted.length === 0) {
    // A repeat (the same client id sent again) is answered with the number the first one got.
    const [first] = await tx.query<Row & { number: number }>("SELECT number FROM submissions WHERE id = $1", [s.id]);
    return { stored: false, number: Number(first?.number) };
  }
  // The kind's next short number («Заявка № 1042»): the counter's row is held until commit, so two inserts never share one.
  const [taken] = await tx.query<Row & { last: number }>(
    `INSERT INTO submission_numbers (form, last) VALUES ($1, 1)
     ON CONFLICT (form) DO UPDATE SET last = submission_numbers.last + 1 RETURNING last`,
    [s.form],
  );
  const number = Number(taken?.last);
  await tx.query("UPDATE submissions SET number = $2, touched_at = $3 WHERE id = $1", [s.id, number, s.createdAt]);
  await writeSearchKeys(tx, s.id, searchKeys(s.data, s.utm));
  if (s.file) {
    await tx.query("INSERT INTO files (submission_id, name, type, size, sha256, content) VALUES ($1, $2, $3, $4, $5, $6)", [
      s.id,
      s.file.name,
      s.file.type,
      s.file.size,
      s.file.sha256,
      s.file.content,
    ]);
  }
  const deliveries = [...s.deliveries];
  if (s.subscription) {
    const { email, token, tokenHash, expiresAt } = s.subscription;
    const [existing] = await tx.query<Row & { status: string; requested_at: number }>(
      "SELECT status, requested_at FROM subscriptions WHERE email = $1",
      [email],
    );
    const recentlyAsked = existing?.status === "pending" && s.createdAt - Number(existing.requested_at) < CONFIRM_RESEND_MS;
    if (existing?.status !== "active" && !recentlyAsked) {
      await tx.query(
        `INSERT INTO subscriptions (email, status, submission_id, token_hash, token_expires_at, requested_at)
         VALUES ($1, 'pending', $2, $3, $4, $5)
         ON CONFLICT (email) DO UPDATE SET submission_id = $2, token_hash = $3, token_expires_at = $4, requested_at = $5`,
        [email, s.id, tokenHash, expiresAt, s.createdAt],
      );
      deliveries.push({ channel: "confirm", payload: { token } });
    }
  }
  for (const d of deliveries) {
    await tx.query(
      "INSERT INTO outbox (submission_id, channel, next_attempt_at, payload, created_at) VALUES ($1, $2, $3, $4, $3)",
      [s.id, d.channel, s.createdAt, d.payload ? JSON.stringify(d.payload) : null],
    );
  }
  return { stored: true, number };
}

export function submissionStore(db: Db) {
  return {
    /**
     * Writes the submission, its search keys, its file, its outbox items and
     * (for the newsletter) the pending subscription in one transaction.
     * The number is the kind's next, taken in the same transaction, so the
     * visitor's answer names the number the studio shows. When a submission
     * with this id exists nothing is written (`stored` false) and its number is given.
     */
    async insertSubmission(s: NewSubmission): Promise<Stored> {
      return db.transaction((tx) => write(tx, s));
    },

    /** Many at once, in one transaction (seeding a store for tests and benchmarks); how many were new. */
    async insertSubmissions(list: readonly NewSubmission[]): Promise<number> {
      return db.transaction(async (tx) => {
        let written = 0;
        for (const s of list) if ((await write(tx, s)).stored) written++;
        return written;
      });
    },

    async submission(id: string): Promise<Submission | null> {
      const [row] = await db.query<SubmissionRow>("SELECT * FROM submissions WHERE id = $1", [id]);
      if (!row) return null;
      const [file] = await db.query<Row & StoredFile>("SELECT name, type, size, sha256 FROM files WHERE submission_id = $1", [id]);
      return toSubmission(row, file ? { name: file.name, type: file.type, size: Number(file.size), sha256: file.sha256 } : null);
    },

    /** The stored CV with its bytes; never served over HTTP, only attached to the HR e-mail. */
    async file(submissionId: string): Promise<(StoredFile & { content: Uint8Array }) | null> {
      const [row] = await db.query<Row & StoredFile & { content: Uint8Array }>(
        "SELECT name, type, size, sha256, content FROM files WHERE submission_id = $1",
        [submissionId],
      );
      return row ? { name: row.name, type: row.type, size: Number(row.size), sha256: row.sha256, content: row.content } : null;
    },

    async submissionCount(form?: FormKind): Promise<number> {
      const [row] = form
        ? await db.query<Row & { n: number }>("SELECT COUNT(*) AS n FROM submissions WHERE form = $1", [form])
        : await db.query<Row & { n: number }>("SELECT COUNT(*) AS n FROM submissions");
      return Number(row?.n ?? 0);
    },

  };
}
