import type { FormKind } from "#core/forms/kinds.ts";
import type { Db, Row } from "../../leads/db.ts";
import { createOutboxStore } from "../../leads/outbox-store.ts";
import { INBOX_PAGE_SIZE, type BulkResult, type Comment, type InboxDetail, type InboxItem, type InboxPage, type LossReasons, type StageInput, type Stages, type Status, type StatusChange } from "#core/studio/inbox.ts";
import type { AuditLog } from "../audit.ts";
import type { InboxFilter } from "./filter.ts";
import { type ExportRow, readExportRows } from "./export-rows.ts";
import { whereOf } from "./query.ts";
import { ownerGroups, paramsFrom, readLossReasons, readOwners, readStages, rowNumber, stageGroups, writeLossReasons, writeStages } from "./pipeline.ts";
import { addSearchWords, commentWords } from "../../leads/search-keys.ts";
import { type By, bulkLoss, createStageMoves, type LossInput, lossFor, stageOf } from "./stage-moves.ts";

/**
 * The inbox's reads and writes over the leads' store, the same SQL on both
 * backends. Every method takes the kinds the caller may see and never
 * returns or changes a submission of another kind: for the caller it does
 * not exist. Changes are written with their audit entry in one transaction.
 */
export type { Actor, By } from "./stage-moves.ts";

type ListRow = Row & {
  id: string;
  number: number | null;
  owner_id: number | null;
  owner_name: string | null;
  form: string;
  created_at: number;
  status: string;
  data: string;
  page: string;
  utm_source: string | null;
  has_file: unknown;
  undelivered: unknown;
};

type SubmissionRow = Row & {
  id: string;
  number: number | null;
  form: string;
  created_at: number;
  status: string;
  owner_id: number | null;
  data: string;
  page: string;
  utm: string;
  referrer: string | null;
  landing: string | null;
  ip: string;
  consent: string;
  loss_reason: string | null;
  loss_note: string | null;
};

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const str = (value: unknown) => (typeof value === "string" ? value : "");

/** The person and the subject of a submission's fields, for a line of the list or of a CSV file. */
export function summaryOf(kind: FormKind, data: Record<string, unknown>) {
  const position = data.position as { title?: string } | undefined;
  return {
    name: str(data.name),
    email: str(data.email),
    phone: str(data.phone),
    subject: kind === "job" ? str(position?.title) : str(data.company),
    ...requestTerms(data),
  };
}

/** The services and the budget a request names (as the form stored them: names and a label). */
export function requestTerms(data: Record<string, unknown>): { services: string[]; budget: string } {
  const services = Array.isArray(data.services) ? (data.services as Array<{ name?: unknown }>).map((s) => str(s?.name)).filter(Boolean) : [];
  return { services, budget: str((data.budget as { label?: unknown } | null | undefined)?.label) };
}

/** The kinds as SQL's `IN` list for a statement whose own parameters come first. */
function kindsIn(kinds: readonly FormKind[], first: number): string {
  return kinds.length === 0 ? "(NULL)" : `(${kinds.map((_, i) => `$${first + i}`).join(", ")})`;
}

/** `notify`: assignment letters are delivered (mail is configured); called after one is queued, to wake the outbox. */
export function createInboxStore(db: Db, audit: AuditLog, notify?: () => void) {
  const outbox = createOutboxStore(db);

  async function visible(tx: Db, id: string, kinds: readonly FormKind[]): Promise<SubmissionRow | null> {
    const [row] = await tx.query<SubmissionRow>(`SELECT * FROM submissions WHERE id = $1 AND form IN ${kindsIn(kinds, 2)}`, [id, ...kinds]);
    return row ?? null;
  }

  const moveStage = createStageMoves(audit);

  /** A new owner, its audit entry and, when someone else is made responsible and has an e-mail, a letter through the outbox. */
  async function assign(tx: Db, row: SubmissionRow, owner: number | null, by: By, now: number): Promise<void> {
    if (num(row.owner_id) === owner) return;
    await tx.query("UPDATE submissions SET owner_id = $2, touched_at = $3 WHERE id = $1", [row.id, owner, now]);
    await audit.write({ action: "inbox.owner", actor: by.actor, target: row.id, details: { kind: row.form, number: num(row.number), from: num(row.owner_id), to: owner }, ip: by.ip, at: now }, tx);
    row.owner_id = owner;
    if (owner === null || owner === by.actor.id || !notify) return;
    const [user] = await tx.query<Row & { email: string | null; name: string }>("SELECT email, name FROM studio_users WHERE id = $1", [owner]);
    if (!user?.email) return;
    // One letter per submission and channel: a new assignment replaces a letter still waiting (or sent to someone before).
    await tx.query(
      `INSERT INTO outbox (submission_id, channel, next_attempt_at, payload, created_at) VALUES ($1, 'assign', $2, $3, $2)
       ON CONFLICT (submission_id, channel) DO UPDATE SET status = 'pending', attempts = 0, next_attempt_at = $2, payload = $3,
         last_error = NULL, delivered_at = NULL, created_at = $2`,
      [row.id, now, JSON.stringify({ to: user.email, name: user.name, by: by.actor.login })],
    );
    notify();
  }

  async function count(filter: InboxFilter): Promise<number> {
    const where = whereOf(filter);
    const [counted] = await db.query<Row & { n: number }>(`SELECT COUNT(*) AS n FROM submissions s ${where.sql}`, where.params);
    return Number(counted?.n ?? 0);
  }

  return {
    /** The store underneath (the overview reads it: overview.ts). */
    db,

    /** How many submissions the filter holds. */
    count,

    /** A page of the list, newest first, with the total for the pager. */
    async list(filter: InboxFilter, page: number): Promise<Omit<InboxPage, "kinds" | "me" | "stages"> & { stages: Stages }> {
      const where = whereOf(filter);
      const [total, stages, owners] = [await count(filter), await readStages(db), await readOwners(db)];
      const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
      const current = Math.min(page, pages);
      const more = paramsFrom(where.params.length + 1);
      const offset = (current - 1) * INBOX_PAGE_SIZE;
      const groups =
        filter.sort === "stage" ? stageGroups(stages, filter.kinds, more.add) : filter.sort === "owner" ? await ownerGroups(db, more.add) : [];
      let pageIds: string;
      let order: string;
      if (groups.length > 0) {
        // By stage or by owner: each group's newest (up to the end of this page) read in date order
        // from an index, then only those few sorted, instead of ranking every row of the list.
        const and = where.sql ? `${where.sql} AND` : "WHERE";
        const union = groups
          .map((group, i) => `SELECT * FROM (SELECT s.id, s.created_at, ${i} AS grp FROM submissions s ${and} ${group}
               ORDER BY s.created_at DESC, s.id DESC LIMIT ${offset + INBOX_PAGE_SIZE}) AS g${i}`)
          .join(" UNION ALL ");
        pageIds = `SELECT r.id, r.grp FROM (${union}) AS r ORDER BY r.grp, r.created_at DESC, r.id DESC LIMIT ${INBOX_PAGE_SIZE} OFFSET ${offset}`;
        order = "page.grp, s.created_at DESC, s.id DESC";
      } else {
        const dates = filter.sort === "old" ? "s.created_at, s.id" : "s.created_at DESC, s.id DESC";
        // The page's ids first, from the indexes alone; only its 50 rows are read whole (a deep page
        // or a broad search would otherwise sort thousands of rows with their JSON).
        pageIds = `SELECT s.id FROM submissions s ${where.sql} ORDER BY ${dates} LIMIT ${INBOX_PAGE_SIZE} OFFSET ${offset}`;
        order = dates;
      }
      const rows = await db.query<ListRow>(
        `SELECT s.id, s.number, s.form, s.created_at, s.status, s.owner_id, u.name AS owner_name, s.data, s.page, s.utm_source,
           EXISTS (SELECT 1 FROM files f WHERE f.submission_id = s.id) AS has_file,
           EXISTS (SELECT 1 FROM outbox o WHERE o.submission_id = s.id AND o.status = 'dead') AS undelivered
         FROM (${pageIds}) AS page
         JOIN submissions s ON s.id = page.id
         LEFT JOIN studio_users u ON u.id = s.owner_id
         ORDER BY ${order}`,
        [...where.params, ...more.params],
      );
      const items: InboxItem[] = rows.map((row) => {
        const kind = row.form as FormKind;
        return {
          id: row.id,
          number: num(row.number),
          kind,
          createdAt: Number(row.created_at),
          status: row.status as Status,
          ownerId: num(row.owner_id),
          ownerName: row.owner_name,
          ...summaryOf(kind, JSON.parse(row.data) as Record<string, unknown>),
          page: row.page,
          utmSource: row.utm_source,
          hasFile: Boolean(row.has_file),
          undelivered: Boolean(row.undelivered),
        };
      });
      return { items, total, page: current, pages, stages, owners };
    },

    /** Everything about one submission, or null when there is none the caller may see. */
    async detail(id: string, kinds: readonly FormKind[]): Promise<InboxDetail | null> {
      const row = await visible(db, id, kinds);
      if (!row) return null;
      const [file] = await db.query<Row & { name: string; type: string; size: number }>("SELECT name, type, size FROM files WHERE submission_id = $1", [id]);
      // The person's name as it is now (a removed user keeps the login the row was written with).
      const history = await db.query<Row & { at: number; actor_login: string | null; actor_name: string | null; from_status: string; to_status: string; reason: string | null; note: string | null }>(
        "SELECT h.at, h.actor_login, u.name AS actor_name, h.from_status, h.to_status, h.reason, h.note FROM submission_status_history h LEFT JOIN studio_users u ON u.id = h.actor_id WHERE h.submission_id = $1 ORDER BY h.at, h.id",
        [id],
      );
      const comments = await db.query<Row & { id: number; at: number; author_login: string | null; author_name: string | null; body: string }>(
        "SELECT id, at, author_login, author_name, body FROM submission_comments WHERE submission_id = $1 ORDER BY at, id",
        [id],
      );
      const kind = row.form as FormKind;
      const owners = (await readOwners(db)).filter((owner) => owner.kinds.includes(kind));
      const ownerId = num(row.owner_id);
      const [owner] = ownerId === null ? [] : await db.query<Row & { name: string }>("SELECT name FROM studio_users WHERE id = $1", [ownerId]);
      return {
        id: row.id,
        number: num(row.number),
        kind,
        createdAt: Number(row.created_at),
        status: row.status as Status,
        ownerId,
        ownerName: owner?.name ?? null,
        owners,
        stages: (await readStages(db))[kind],
        loss: row.loss_reason ? { reason: row.loss_reason, note: row.loss_note ?? null } : null,
        lossReasons: (await readLossReasons(db))[kind],
        comments: comments.map((c): Comment => ({ id: Number(c.id), at: Number(c.at), authorLogin: c.author_login, authorName: c.author_name, body: c.body })),
        fields: JSON.parse(row.data) as Record<string, unknown>,
        page: row.page,
        utm: JSON.parse(row.utm) as Record<string, string>,
        visit: { referrer: row.referrer ?? null, landing: row.landing ?? null },
        ip: row.ip,
        consent: JSON.parse(row.consent) as InboxDetail["consent"],
        file: file ? { name: file.name, type: file.type, size: Number(file.size) } : null,
        deliveries: (await outbox.forSubmission(id)).map((item) => ({
          id: item.id,
          channel: item.channel,
          status: item.status,
          attempts: item.attempts,
          nextAttemptAt: item.status === "pending" ? item.nextAttemptAt : null,
          lastError: item.lastError,
          createdAt: item.createdAt,
          deliveredAt: item.deliveredAt,
        })),
        history: history.map(
          (h): StatusChange => ({
            at: Number(h.at),
            actorLogin: h.actor_login,
            actorName: h.actor_name,
            from: h.from_status as Status,
            to: h.to_status as Status,
            reason: h.reason ?? null,
            note: h.note ?? null,
          }),
        ),
      };
    },

    /**
     * A new stage, kept in the submission's history with who set it. Null when not visible;
     * "unknown" when its kind has no such stage; unchanged when the same.
     */
    async setStatus(id: string, kinds: readonly FormKind[], status: Status, by: By, now = Date.now(), input: LossInput = {}): Promise<Status | "unknown" | "reason" | null> {
      return db.transaction(async (tx) => {
        const row = await visible(tx, id, kinds);
        if (!row) return null;
        const stage = stageOf(await readStages(tx), row.form, status);
        if (!stage) return "unknown";
        const loss = lossFor(stage, (await readLossReasons(tx))[row.form as FormKind], input);
        if (loss === "reason") return "reason";
        await moveStage(tx, row, status, loss, by, now);
        return status;
      });
    },

    /** A new owner (null: nobody). Null when not visible; "ineligible" when that user may not work on its kind. */
    async setOwner(id: string, kinds: readonly FormKind[], owner: number | null, by: By, now = Date.now()): Promise<"set" | "ineligible" | null> {
      return db.transaction(async (tx) => {
        const row = await visible(tx, id, kinds);
        if (!row) return null;
        if (owner !== null && !(await readOwners(tx)).some((o) => o.id === owner && o.kinds.includes(row.form as FormKind))) return "ineligible";
        await assign(tx, row, owner, by, now);
        return "set";
      });
    },

    /** An internal comment by the caller. Null when not visible. */
    async addComment(id: string, kinds: readonly FormKind[], body: string, by: By & { name: string }, now = Date.now()): Promise<Comment | null> {
      return db.transaction(async (tx) => {
        const row = await visible(tx, id, kinds);
        if (!row) return null;
        const [added] = await tx.query<Row & { id: number }>(
          "INSERT INTO submission_comments (submission_id, at, author_id, author_login, author_name, body) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
          [id, now, by.actor.id, by.actor.login, by.name, body],
        );
        await tx.query("UPDATE submissions SET touched_at = $2 WHERE id = $1", [id, now]);
        // Found by its words too; they go with the submission when it is erased.
        await addSearchWords(tx, id, commentWords(body));
        // The audit says that a comment was written, not what it says: it may hold personal data.
        await audit.write({ action: "inbox.comment", actor: by.actor, target: id, details: { kind: row.form, number: num(row.number) }, ip: by.ip, at: now }, tx);
        return { id: Number(added?.id), at: now, authorLogin: by.actor.login, authorName: by.name, body };
      });
    },

    /**
     * Several submissions to one stage and/or one owner, in one transaction. Those of a kind
     * without that stage (or that owner) are left as they were and named in `skipped`.
     */
    async bulk(ids: readonly string[], kinds: readonly FormKind[], change: { stage?: Status; owner?: number | null } & LossInput, by: By, now = Date.now()): Promise<BulkResult> {
      return db.transaction(async (tx) => {
        const stages = await readStages(tx);
        const reasons = await readLossReasons(tx);
        const owners = change.owner === undefined ? [] : await readOwners(tx);
        let changed = 0;
        const skipped: string[] = [];
        for (const id of ids) {
          const row = await visible(tx, id, kinds);
          if (!row) continue;
          const kind = row.form as FormKind;
          // A kind without the stage, or whose reasons for a loss do not include the one given, is left.
          const loss = change.stage === undefined ? null : bulkLoss(stages, reasons, kind, change.stage, change);
          const ownerFits = change.owner === undefined || change.owner === null || owners.some((o) => o.id === change.owner && o.kinds.includes(kind));
          if (loss === "unknown" || loss === "reason" || !ownerFits) {
            skipped.push(rowNumber(row));
            continue;
          }
          if (change.stage !== undefined) await moveStage(tx, row, change.stage, loss, by, now);
          if (change.owner !== undefined) await assign(tx, row, change.owner, by, now);
          changed++;
        }
        await audit.write({ action: "inbox.bulk", actor: by.actor, details: { ids, stage: change.stage, owner: change.owner, ...(change.reason ? { reason: change.reason } : {}), changed, skipped: skipped.length }, ip: by.ip, at: now }, tx);
        return { changed, skipped };
      });
    },

    /** Each kind's stages. */
    stages: (): Promise<Stages> => readStages(db),

    /** Each kind's reasons for a loss. */
    lossReasons: (): Promise<LossReasons> => readLossReasons(db),

    /**
     * A kind's stages replaced (renamed, added, reordered). A stage left out that submissions
     * are in is refused: "in-use" with its key, so nobody's submission loses its stage.
     */
    async saveStages(kind: FormKind, stages: readonly StageInput[], by: By, now = Date.now(), reasons?: readonly string[]): Promise<{ saved: true } | { saved: false; inUse: string }> {
      return db.transaction(async (tx) => {
        const keep = new Set(stages.map((stage) => stage.key));
        const used = await tx.query<Row & { status: string }>("SELECT DISTINCT status FROM submissions WHERE form = $1", [kind]);
        const lost = used.find((row) => !keep.has(row.status));
        if (lost) return { saved: false as const, inUse: lost.status };
        await writeStages(tx, kind, stages);
        if (reasons) await writeLossReasons(tx, kind, reasons);
        const details = { kind, stages: stages.map((stage) => `${stage.key}:${stage.outcome}`), ...(reasons ? { reasons } : {}) };
        await audit.write({ action: "inbox.stages", actor: by.actor, details, ip: by.ip, at: now }, tx);
        return { saved: true as const };
      });
    },

    /**
     * Puts a dead-lettered delivery of a visible submission back in the queue with a fresh
     * schedule (the outbox's own retry, as `npm run outbox -- retry` does); the server's worker
     * takes it within a second. "missing" when there is no such dead delivery.
     */
    async retryDelivery(id: string, deliveryId: number, kinds: readonly FormKind[], by: By, now = Date.now()): Promise<"queued" | "missing"> {
      const row = await visible(db, id, kinds);
      const item = row ? await outbox.item(deliveryId) : null;
      if (!row || !item || item.submissionId !== id || item.status !== "dead") return "missing";
      return db.transaction(async (tx) => {
        if (!(await outbox.retry(deliveryId, now, tx))) return "missing";
        await audit.write({ action: "inbox.retry", actor: by.actor, target: id, details: { kind: row.form, number: num(row.number), delivery: deliveryId, channel: item.channel }, ip: by.ip, at: now }, tx);
        return "queued";
      });
    },

    /** A visible submission's CV with its bytes, or null. */
    /** Kind and number of each id still stored (the journal names older entries by them); at most a page of ids. */
    async numbers(ids: readonly string[]): Promise<Map<string, { kind: string; number: number | null }>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db.query<Row & { id: string; form: string; number: number | null }>(
        `SELECT id, form, number FROM submissions WHERE id IN (${unique.map((_, i) => `$${i + 1}`).join(", ")})`,
        unique,
      );
      return new Map(rows.map((row) => [row.id, { kind: row.form, number: num(row.number) }]));
    },

    async file(id: string, kinds: readonly FormKind[]): Promise<{ kind: FormKind; number: number | null; name: string; type: string; content: Uint8Array } | null> {
      const [row] = await db.query<Row & { form: string; number: number | null; name: string; type: string; content: Uint8Array }>(
        `SELECT s.form, s.number, f.name, f.type, f.content FROM files f JOIN submissions s ON s.id = f.submission_id
         WHERE s.id = $1 AND s.form IN ${kindsIn(kinds, 2)}`,
        [id, ...kinds],
      );
      return row ? { kind: row.form as FormKind, number: num(row.number), name: row.name, type: row.type, content: row.content } : null;
    },

    /** The filter's submissions for an export file with the team's work on them, a batch at a time (export-rows.ts). */
    exportRows(filter: InboxFilter, batch = 500): AsyncGenerator<ExportRow[]> {
      return readExportRows(db, filter, batch);
    },
  };
}

export type InboxStore = ReturnType<typeof createInboxStore>;
