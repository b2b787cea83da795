import type { FormKind } from "#core/forms/kinds.ts";
import type { Db, Row } from "../../leads/db.ts";
import { createOutboxStore } from "../../leads/outbox-store.ts";
import { INBOX_PAGE_SIZE, type InboxDetail, type InboxItem, type InboxPage, type Status, type StatusChange } from "#core/studio/inbox.ts";
import type { AuditLog } from "../audit.ts";
import type { InboxFilter } from "./filter.ts";
import { whereOf } from "./query.ts";

/**
 * The inbox's reads and writes over the leads' store, the same SQL on both
 * backends. Every method takes the kinds the caller may see and never
 * returns or changes a submission of another kind: for the caller it does
 * not exist. Changes are written with their audit entry in one transaction.
 */
export type Actor = { id: number; login: string };
export type By = { actor: Actor; ip: string };

type ListRow = Row & {
  id: string;
  form: string;
  created_at: number;
  status: string;
  data: string;
  page: string;
  utm_source: string | null;
  has_file: unknown;
  undelivered: unknown;
};

type SubmissionRow = Row & { id: string; form: string; created_at: number; status: string; data: string; page: string; utm: string; ip: string; consent: string };

const str = (value: unknown) => (typeof value === "string" ? value : "");

/** The person and the subject of a submission's fields, for a line of the list or of a CSV file. */
export function summaryOf(kind: FormKind, data: Record<string, unknown>) {
  const position = data.position as { title?: string } | undefined;
  return {
    name: str(data.name),
    email: str(data.email),
    phone: str(data.phone),
    subject: kind === "job" ? str(position?.title) : str(data.company),
  };
}

/** The kinds as SQL's `IN` list for a statement whose own parameters come first. */
function kindsIn(kinds: readonly FormKind[], first: number): string {
  return kinds.length === 0 ? "(NULL)" : `(${kinds.map((_, i) => `$${first + i}`).join(", ")})`;
}

export function createInboxStore(db: Db, audit: AuditLog) {
  const outbox = createOutboxStore(db);

  async function visible(tx: Db, id: string, kinds: readonly FormKind[]): Promise<SubmissionRow | null> {
    const [row] = await tx.query<SubmissionRow>(`SELECT * FROM submissions WHERE id = $1 AND form IN ${kindsIn(kinds, 2)}`, [id, ...kinds]);
    return row ?? null;
  }

  async function count(filter: InboxFilter): Promise<number> {
    const where = whereOf(filter);
    const [counted] = await db.query<Row & { n: number }>(`SELECT COUNT(*) AS n FROM submissions s ${where.sql}`, where.params);
    return Number(counted?.n ?? 0);
  }

  return {
    /** How many submissions the filter holds. */
    count,

    /** A page of the list, newest first, with the total for the pager. */
    async list(filter: InboxFilter, page: number): Promise<Omit<InboxPage, "kinds">> {
      const where = whereOf(filter);
      const total = await count(filter);
      const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
      const current = Math.min(page, pages);
      // The page's ids first, from the indexes alone; only its 50 rows are read whole (a deep page
      // or a broad search would otherwise sort thousands of rows with their JSON).
      const rows = await db.query<ListRow>(
        `SELECT s.id, s.form, s.created_at, s.status, s.data, s.page, s.utm_source,
           EXISTS (SELECT 1 FROM files f WHERE f.submission_id = s.id) AS has_file,
           EXISTS (SELECT 1 FROM outbox o WHERE o.submission_id = s.id AND o.status = 'dead') AS undelivered
         FROM (SELECT s.id FROM submissions s ${where.sql}
               ORDER BY s.created_at DESC, s.id DESC LIMIT ${INBOX_PAGE_SIZE} OFFSET ${(current - 1) * INBOX_PAGE_SIZE}) AS page
         JOIN submissions s ON s.id = page.id
         ORDER BY s.created_at DESC, s.id DESC`,
        where.params,
      );
      const items: InboxItem[] = rows.map((row) => {
        const kind = row.form as FormKind;
        return {
          id: row.id,
          kind,
          createdAt: Number(row.created_at),
          status: row.status as Status,
          ...summaryOf(kind, JSON.parse(row.data) as Record<string, unknown>),
          page: row.page,
          utmSource: row.utm_source,
          hasFile: Boolean(row.has_file),
          undelivered: Boolean(row.undelivered),
        };
      });
      return { items, total, page: current, pages };
    },

    /** Everything about one submission, or null when there is none the caller may see. */
    async detail(id: string, kinds: readonly FormKind[]): Promise<InboxDetail | null> {
      const row = await visible(db, id, kinds);
      if (!row) return null;
      const [file] = await db.query<Row & { name: string; type: string; size: number }>("SELECT name, type, size FROM files WHERE submission_id = $1", [id]);
      const history = await db.query<Row & { at: number; actor_login: string | null; from_status: string; to_status: string }>(
        "SELECT at, actor_login, from_status, to_status FROM submission_status_history WHERE submission_id = $1 ORDER BY at, id",
        [id],
      );
      return {
        id: row.id,
        kind: row.form as FormKind,
        createdAt: Number(row.created_at),
        status: row.status as Status,
        fields: JSON.parse(row.data) as Record<string, unknown>,
        page: row.page,
        utm: JSON.parse(row.utm) as Record<string, string>,
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
          (h): StatusChange => ({ at: Number(h.at), actorLogin: h.actor_login, from: h.from_status as Status, to: h.to_status as Status }),
        ),
      };
    },

    /** A new status, kept in the submission's history with who set it. Null when not visible; unchanged when the same. */
    async setStatus(id: string, kinds: readonly FormKind[], status: Status, by: By, now = Date.now()): Promise<Status | null> {
      return db.transaction(async (tx) => {
        const row = await visible(tx, id, kinds);
        if (!row) return null;
        if (row.status === status) return status;
        await tx.query("UPDATE submissions SET status = $2 WHERE id = $1", [id, status]);
        await tx.query(
          "INSERT INTO submission_status_history (submission_id, at, actor_id, actor_login, from_status, to_status) VALUES ($1, $2, $3, $4, $5, $6)",
          [id, now, by.actor.id, by.actor.login, row.status, status],
        );
        await audit.write({ action: "inbox.status", actor: by.actor, target: id, details: { kind: row.form, from: row.status, to: status }, ip: by.ip, at: now }, tx);
        return status;
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
        await audit.write({ action: "inbox.retry", actor: by.actor, target: id, details: { kind: row.form, delivery: deliveryId, channel: item.channel }, ip: by.ip, at: now }, tx);
        return "queued";
      });
    },

    /** A visible submission's CV with its bytes, or null. */
    async file(id: string, kinds: readonly FormKind[]): Promise<{ kind: FormKind; name: string; type: string; content: Uint8Array } | null> {
      const [row] = await db.query<Row & { form: string; name: string; type: string; content: Uint8Array }>(
        `SELECT s.form, f.name, f.type, f.content FROM files f JOIN submissions s ON s.id = f.submission_id
         WHERE s.id = $1 AND s.form IN ${kindsIn(kinds, 2)}`,
        [id, ...kinds],
      );
      return row ? { kind: row.form as FormKind, name: row.name, type: row.type, content: row.content } : null;
    },

    /**
     * The filter's submissions for a CSV file, newest first, a batch at a time (keyset
     * pagination: memory stays flat however many there are).
     */
    async *exportRows(filter: InboxFilter, batch = 500): AsyncGenerator<ExportRow[]> {
      let after: { at: number; id: string } | null = null;
      for (;;) {
        const where = whereOf(filter);
        const params = [...where.params];
        let keyset = "";
        if (after) {
          params.push(after.at, after.id);
          const [at, id] = [`$${params.length - 1}`, `$${params.length}`];
          keyset = `${where.sql ? " AND" : "WHERE"} (s.created_at < ${at} OR (s.created_at = ${at} AND s.id < ${id}))`;
        }
        const rows: ExportRow[] = await db.query<ExportRow>(
          `SELECT s.id, s.form, s.created_at, s.status, s.data, s.page, s.utm, s.consent, f.name AS file_name
           FROM submissions s LEFT JOIN files f ON f.submission_id = s.id
           ${where.sql}${keyset} ORDER BY s.created_at DESC, s.id DESC LIMIT ${batch}`,
          params,
        );
        if (rows.length === 0) return;
        yield rows;
        const last = rows[rows.length - 1] as ExportRow;
        after = { at: Number(last.created_at), id: last.id };
        if (rows.length < batch) return;
      }
    },
  };
}

export type ExportRow = Row & {
  id: string;
  form: string;
  created_at: number;
  status: string;
  data: string;
  page: string;
  utm: string;
  consent: string;
  file_name: string | null;
};

export type InboxStore = ReturnType<typeof createInboxStore>;
