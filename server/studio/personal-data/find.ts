import type { FormKind } from "#core/forms/kinds.ts";
import type { PersonalDataReport, Status } from "#core/studio/inbox.ts";
import type { Db, Row } from "../../leads/db.ts";
import { summaryOf } from "../inbox/store.ts";
import { belonging, type Chosen, matching, type Subject, subscriptionsOf } from "./scope.ts";

/**
 * What is held about a person, shown so that whoever answers the request can tell it is the right
 * person before copying or deleting: each submission with its kind, stage, name, e-mail, vacancy
 * or company, page, the start of its message and its CV's name, and what hangs on it.
 */
type Found = Row & { id: string; form: string; created_at: number; status: string; data: string; page: string; file_name: string | null };

/** The first words of a message, at most this many characters, cut at a word. */
const EXCERPT = 160;

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= EXCERPT) return flat;
  const cut = flat.slice(0, EXCERPT);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), EXCERPT / 2)).trimEnd()}…`;
}

/** The subject's submissions (as chosen), oldest first, with their CV's name. */
export function submissionsOf(db: Db, subject: Subject, chosen: Chosen): Promise<Found[]> {
  const m = matching(subject, chosen, "s.");
  return db.query<Found>(
    `SELECT s.id, s.form, s.created_at, s.status, s.data, s.page, f.name AS file_name
     FROM submissions s LEFT JOIN files f ON f.submission_id = s.id WHERE ${m.sql} ORDER BY s.created_at`,
    m.params,
  );
}

async function countsOf(db: Db, table: string, subject: Subject, chosen: Chosen): Promise<Map<string, number>> {
  const b = belonging(subject, chosen);
  const rows = await db.query<Row & { submission_id: string; n: number }>(`SELECT submission_id, COUNT(*) AS n FROM ${table} WHERE ${b.sql} GROUP BY submission_id`, b.params);
  return new Map(rows.map((r) => [r.submission_id, Number(r.n)]));
}

export async function findHeld(db: Db, subject: Subject, chosen: Chosen): Promise<PersonalDataReport> {
  const found = await submissionsOf(db, subject, chosen);
  const files = await countsOf(db, "files", subject, chosen);
  const deliveries = await countsOf(db, "outbox", subject, chosen);
  const changes = await countsOf(db, "submission_status_history", subject, chosen);
  const comments = await countsOf(db, "submission_comments", subject, chosen);
  const held = subscriptionsOf(subject, chosen);
  const subscriptions = await db.query<Row & { status: string; requested_at: number; confirmed_at: number | null }>(
    `SELECT status, requested_at, confirmed_at FROM subscriptions WHERE ${held.sql} ORDER BY requested_at`,
    held.params,
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
}
