import type { FormKind } from "#core/forms/kinds.ts";
import type { Db, Row, SqlValue } from "../../leads/db.ts";
import { whatRemains } from "../../leads/remains.ts";
import { markForWipe, type PersonalTable, WIPE_DEADLINE_MS, wipeDeleted } from "../../leads/wipe.ts";
import type { PersonalDataDeletion, PersonalDataReport, RetentionInfo, Status } from "#core/studio/inbox.ts";
import type { AuditLog } from "../audit.ts";
import { type By, summaryOf } from "./store.ts";

/**
 * Requests of a person under 152-FZ: what is held about an e-mail or a phone
 * across every kind of submission, a copy of it, and its deletion everywhere
 * (submissions, CV files, deliveries queued or done, subscriptions, status
 * history, search words) in one transaction. The audit entry of a deletion
 * says how much and which submission ids, never the e-mail or the phone.
 * Matching is exact on the keys the forms' values were stored with
 * (server/leads/search-keys.ts): the e-mail lower-case, the phone's digits.
 */
export type Subject = { by: "email"; key: string } | { by: "phone"; key: string };

const DAY_MS = 86_400_000;

/**
 * Which of the records found an admin chose (issue 52: one phone may be two people): the
 * submissions by id and whether the subscriptions go too. Null submissions: all found.
 */
export type Chosen = { submissions: readonly string[] | null; subscriptions: boolean };
export const ALL_FOUND: Chosen = { submissions: null, subscriptions: true };

/** The subject's submissions (as chosen), for a statement on `submissions` (its columns under `alias`). */
function matching(subject: Subject, chosen: Chosen = ALL_FOUND, alias = ""): { sql: string; params: SqlValue[] } {
  const key = `${alias}${subject.by === "email" ? "email_key" : "phone_key"} = $1`;
  if (chosen.submissions === null) return { sql: key, params: [subject.key] };
  const ids = chosen.submissions.length === 0 ? "(NULL)" : `(${chosen.submissions.map((_, i) => `$${i + 2}`).join(", ")})`;
  return { sql: `${key} AND ${alias}id IN ${ids}`, params: [subject.key, ...chosen.submissions] };
}

type Found = Row & { id: string; form: string; created_at: number; status: string; data: string; page: string; file_name: string | null };

/** The first words of a message, at most this many characters, cut at a word. */
const EXCERPT = 160;

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= EXCERPT) return flat;
  const cut = flat.slice(0, EXCERPT);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), EXCERPT / 2)).trimEnd()}…`;
}

export function createPersonalData(db: Db, audit: AuditLog) {
  async function submissions(tx: Db, subject: Subject, chosen: Chosen = ALL_FOUND): Promise<Found[]> {
    const m = matching(subject, chosen, "s.");
    return tx.query<Found>(
      `SELECT s.id, s.form, s.created_at, s.status, s.data, s.page, f.name AS file_name
       FROM submissions s LEFT JOIN files f ON f.submission_id = s.id WHERE ${m.sql} ORDER BY s.created_at`,
      m.params,
    );
  }

  /**
   * Subscriptions of the e-mail, or tied to the person's (chosen) submissions (a phone's project
   * request with the newsletter box); none when the admin left them out.
   */
  const subscriptionsWhere = (subject: Subject, chosen: Chosen = ALL_FOUND): { sql: string; params: SqlValue[] } => {
    if (!chosen.subscriptions) return { sql: "FALSE", params: [] };
    const m = matching(subject, chosen);
    return { sql: `${subject.by === "email" ? "email = $1 OR " : ""}submission_id IN (SELECT id FROM submissions WHERE ${m.sql})`, params: m.params };
  };

  async function countsOf(tx: Db, table: string, subject: Subject): Promise<Map<string, number>> {
    const m = matching(subject);
    const rows = await tx.query<Row & { submission_id: string; n: number }>(
      `SELECT submission_id, COUNT(*) AS n FROM ${table} WHERE submission_id IN (SELECT id FROM submissions WHERE ${m.sql}) GROUP BY submission_id`,
      m.params,
    );
    return new Map(rows.map((r) => [r.submission_id, Number(r.n)]));
  }

  return {
    async find(subject: Subject): Promise<PersonalDataReport> {
      const found = await submissions(db, subject);
      const [files, deliveries, changes, comments] = [
        await countsOf(db, "files", subject),
        await countsOf(db, "outbox", subject),
        await countsOf(db, "submission_status_history", subject),
        await countsOf(db, "submission_comments", subject),
      ];
      const subscriptions = await db.query<Row & { status: string; requested_at: number; confirmed_at: number | null }>(
        `SELECT status, requested_at, confirmed_at FROM subscriptions WHERE ${subscriptionsWhere(subject).sql} ORDER BY requested_at`,
        subscriptionsWhere(subject).params,
      );
      return {
        submissions: found.map((s) => {
          const kind = s.form as FormKind;
          const data = JSON.parse(s.data) as Record<string, unknown>;
          const person = summaryOf(kind, data);
          const message = typeof data.message === "string" && data.message ? data.message : typeof data.letter === "string" ? data.letter : "";
          return {
            id: s.id,
            kind,
            createdAt: Number(s.created_at),
            status: s.status as Status,
            name: person.name,
            email: person.email,
            subject: person.subject,
            page: s.page,
            excerpt: excerptOf(message),
            fileName: s.file_name,
            hasFile: files.has(s.id),
            deliveries: deliveries.get(s.id) ?? 0,
            statusChanges: changes.get(s.id) ?? 0,
            comments: comments.get(s.id) ?? 0,
          };
        }),
        subscriptions: subscriptions.map((s) => ({ status: s.status, requestedAt: Number(s.requested_at), confirmedAt: s.confirmed_at === null ? null : Number(s.confirmed_at) })),
      };
    },

    /** Everything held, as one JSON document for the person (CV files included, in Base64). */
    async copy(subject: Subject, now = Date.now(), chosen: Chosen = ALL_FOUND): Promise<Record<string, unknown>> {
      const m = matching(subject, chosen);
      const rows = await db.query<Row & { id: string; form: string; created_at: number; status: string; data: string; page: string; utm: string; ip: string; consent: string }>(
        `SELECT id, form, created_at, status, data, page, utm, ip, consent FROM submissions WHERE ${m.sql} ORDER BY created_at`,
        m.params,
      );
      const inSubject = `submission_id IN (SELECT id FROM submissions WHERE ${m.sql})`;
      const files = await db.query<Row & { submission_id: string; name: string; type: string; size: number; sha256: string; content: Uint8Array }>(
        `SELECT submission_id, name, type, size, sha256, content FROM files WHERE ${inSubject}`,
        m.params,
      );
      const deliveries = await db.query<Row & { submission_id: string; channel: string; status: string; attempts: number; created_at: number; delivered_at: number | null }>(
        `SELECT submission_id, channel, status, attempts, created_at, delivered_at FROM outbox WHERE ${inSubject} ORDER BY id`,
        m.params,
      );
      const history = await db.query<Row & { submission_id: string; at: number; from_status: string; to_status: string }>(
        `SELECT submission_id, at, from_status, to_status FROM submission_status_history WHERE ${inSubject} ORDER BY at, id`,
        m.params,
      );
      const comments = await db.query<Row & { submission_id: string; at: number; author_name: string | null; body: string }>(
        `SELECT submission_id, at, author_name, body FROM submission_comments WHERE ${inSubject} ORDER BY at, id`,
        m.params,
      );
      const subscriptions = await db.query<Row & { email: string; status: string; requested_at: number; confirmed_at: number | null }>(
        `SELECT email, status, requested_at, confirmed_at FROM subscriptions WHERE ${subscriptionsWhere(subject, chosen).sql} ORDER BY requested_at`,
        subscriptionsWhere(subject, chosen).params,
      );
      const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
      return {
        about: "Сведения о персональных данных, которые хранит сайт агентства «Ориентир» (152-ФЗ, ст. 14)",
        madeAt: iso(now),
        submissions: rows.map((row) => ({
          id: row.id,
          kind: row.form,
          receivedAt: iso(row.created_at),
          status: row.status,
          fields: JSON.parse(row.data),
          page: row.page,
          utm: JSON.parse(row.utm),
          ip: row.ip,
          consent: JSON.parse(row.consent),
          file: files
            .filter((f) => f.submission_id === row.id)
            .map((f) => ({ name: f.name, type: f.type, size: Number(f.size), sha256: f.sha256, base64: Buffer.from(f.content).toString("base64") }))[0] ?? null,
          deliveries: deliveries
            .filter((d) => d.submission_id === row.id)
            .map((d) => ({ channel: d.channel, status: d.status, attempts: Number(d.attempts), queuedAt: iso(d.created_at), deliveredAt: iso(d.delivered_at) })),
          statusHistory: history.filter((h) => h.submission_id === row.id).map((h) => ({ at: iso(h.at), from: h.from_status, to: h.to_status })),
          comments: comments.filter((c) => c.submission_id === row.id).map((c) => ({ at: iso(c.at), author: c.author_name, text: c.body })),
        })),
        subscriptions: subscriptions.map((s) => ({ email: s.email, status: s.status, requestedAt: iso(s.requested_at), confirmedAt: iso(s.confirmed_at) })),
      };
    },

    /**
     * Deletes everything held about the subject, with its audit entry, in one transaction;
     * then removes the deleted bytes from the store's files (wipe.ts).
     */
    async erase(subject: Subject, by: By, now = Date.now(), chosen: Chosen = ALL_FOUND): Promise<PersonalDataDeletion> {
      // The request's own time (not the injected clock): the answer must leave before the socket's timeout.
      const started = performance.now();
      const deleted = await db.transaction(async (tx) => {
        // A delivery in progress holds its outbox row (FOR UPDATE): wait for it a while, not for ever.
        if (db.backend === "postgres") await tx.query("SET LOCAL lock_timeout = '10s'");
        const found = await submissions(tx, subject, chosen);
        const m = matching(subject, chosen);
        const inSubject = `submission_id IN (SELECT id FROM submissions WHERE ${m.sql})`;
        const removed = async (sql: string, params: SqlValue[]) => (await tx.query(`${sql} RETURNING 1 AS x`, params)).length;
        const held = subscriptionsWhere(subject, chosen);
        const subscriptions = await removed(`DELETE FROM subscriptions WHERE ${held.sql}`, held.params);
        const files = await removed(`DELETE FROM files WHERE ${inSubject}`, m.params);
        const deliveries = await removed(`DELETE FROM outbox WHERE ${inSubject}`, m.params);
        const statusChanges = await removed(`DELETE FROM submission_status_history WHERE ${inSubject}`, m.params);
        const comments = await removed(`DELETE FROM submission_comments WHERE ${inSubject}`, m.params);
        await tx.query(`DELETE FROM submission_words WHERE ${inSubject}`, m.params);
        const deleted = await removed(`DELETE FROM submissions WHERE ${m.sql}`, m.params);
        const result = { submissions: deleted, files, deliveries, subscriptions, statusChanges, comments };
        const lost: Array<[number, PersonalTable[]]> = [
          [deleted, ["submissions", "submission_words"]],
          [files, ["files"]],
          [deliveries, ["outbox"]],
          [subscriptions, ["subscriptions"]],
          [statusChanges, ["submission_status_history"]],
          [comments, ["submission_comments"]],
        ];
        await markForWipe(tx, lost.flatMap(([count, tables]) => (count > 0 ? tables : [])));
        await audit.write(
          { action: "personal-data.delete", actor: by.actor, details: { by: subject.by, ...result, ids: found.map((s) => s.id) }, ip: by.ip, at: now },
          tx,
        );
        return result;
      });
      // One deadline for deletion and rewrite together (the deletion may wait up to 10 s for a lock):
      // what is not rewritten by then stays marked, and the server rewrites it shortly after (wipe.ts).
      const deadlineMs = Math.max(1_000, WIPE_DEADLINE_MS - (performance.now() - started));
      return { ...deleted, wiped: await wipeDeleted(db, { deadlineMs }), remains: await whatRemains(db, now) };
    },

    /** The retention job's last run and when it next deletes something (the oldest submission it deletes, plus the days kept). */
    async retention(days: number, now = Date.now()): Promise<RetentionInfo> {
      const [last] = await db.query<Row & { at: number; submissions: number; subscriptions: number }>(
        "SELECT at, submissions, subscriptions FROM retention_runs ORDER BY at DESC, id DESC LIMIT 1",
      );
      // What `npm run retention` spares: the request of an active subscription (the record of its consent).
      const [oldest] = await db.query<Row & { at: number | null }>(
        "SELECT MIN(created_at) AS at FROM submissions WHERE id NOT IN (SELECT submission_id FROM subscriptions WHERE status = 'active')",
      );
      return {
        days,
        lastRun: last ? { at: Number(last.at), submissions: Number(last.submissions), subscriptions: Number(last.subscriptions) } : null,
        nextDeletion: oldest?.at === null || oldest?.at === undefined ? null : Number(oldest.at) + days * DAY_MS,
        now,
      };
    },
  };
}

export type PersonalData = ReturnType<typeof createPersonalData>;
