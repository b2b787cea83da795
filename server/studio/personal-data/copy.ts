import type { FormKind } from "#core/forms/kinds.ts";
import { stageLabel, type Stages } from "#core/studio/inbox.ts";
import type { PersonalDataCopy } from "#core/studio/personal-data.ts";
import type { Db, Row } from "../../leads/db.ts";
import { readStages } from "../inbox/pipeline.ts";
import { belonging, type Chosen, matching, type Subject, subscriptionsOf } from "./scope.ts";

/**
 * Everything held about a person (as chosen), as one JSON document for programs: the fields,
 * where the visit began, consent, deliveries, stage history with its reasons and notes, a loss's
 * reason and note, the team's comments (about the person too), subscriptions,
 * CV files in Base64; times in ISO UTC. The studio's page turns it into the readable document.
 */
type SubmissionRow = Row & { id: string; number: number | null; form: string; created_at: number; status: string; data: string; page: string; referrer: string | null; landing: string | null; utm: string; ip: string; consent: string; loss_reason: string | null; loss_note: string | null };
type FileRow = Row & { submission_id: string; name: string; type: string; size: number; sha256: string; content: Uint8Array };
type DeliveryRow = Row & { submission_id: string; channel: string; status: string; attempts: number; created_at: number; delivered_at: number | null };
type HistoryRow = Row & { submission_id: string; at: number; from_status: string; to_status: string; reason: string | null; note: string | null };
type CommentRow = Row & { submission_id: string; at: number; author_name: string | null; body: string };
type SubscriptionRow = Row & { email: string; status: string; requested_at: number; confirmed_at: number | null };

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The rows of each table that hang on the chosen submissions. */
async function attached(db: Db, subject: Subject, chosen: Chosen) {
  const b = belonging(subject, chosen);
  const held = subscriptionsOf(subject, chosen);
  return {
    files: await db.query<FileRow>(`SELECT submission_id, name, type, size, sha256, content FROM files WHERE ${b.sql}`, b.params),
    deliveries: await db.query<DeliveryRow>(`SELECT submission_id, channel, status, attempts, created_at, delivered_at FROM outbox WHERE ${b.sql} ORDER BY id`, b.params),
    history: await db.query<HistoryRow>(`SELECT submission_id, at, from_status, to_status, reason, note FROM submission_status_history WHERE ${b.sql} ORDER BY at, id`, b.params),
    comments: await db.query<CommentRow>(`SELECT submission_id, at, author_name, body FROM submission_comments WHERE ${b.sql} ORDER BY at, id`, b.params),
    subscriptions: await db.query<SubscriptionRow>(`SELECT email, status, requested_at, confirmed_at FROM subscriptions WHERE ${held.sql} ORDER BY requested_at`, held.params),
  };
}

function submissionOf(row: SubmissionRow, rows: Awaited<ReturnType<typeof attached>>, stages: Stages): PersonalDataCopy["submissions"][number] {
  const kind = row.form as FormKind;
  const label = (key: string) => stageLabel(stages, kind, key);
  const mine = <T extends { submission_id: string }>(list: T[]) => list.filter((item) => item.submission_id === row.id);
  const [file] = mine(rows.files);
  return {
    id: row.id,
    number: row.number === null ? null : Number(row.number),
    kind,
    receivedAt: iso(row.created_at) as string,
    status: row.status,
    stage: label(row.status),
    fields: JSON.parse(row.data),
    page: row.page,
    referrer: row.referrer ?? "",
    landing: row.landing ?? "",
    utm: JSON.parse(row.utm),
    ip: row.ip,
    consent: JSON.parse(row.consent),
    file: file ? { name: file.name, type: file.type, size: Number(file.size), sha256: file.sha256, base64: Buffer.from(file.content).toString("base64") } : null,
    deliveries: mine(rows.deliveries).map((d) => ({ channel: d.channel, status: d.status, attempts: Number(d.attempts), queuedAt: iso(d.created_at), deliveredAt: iso(d.delivered_at) })),
    loss: row.loss_reason || row.loss_note ? { reason: row.loss_reason, note: row.loss_note } : null,
    statusHistory: mine(rows.history).map((h) => ({ at: iso(h.at), from: h.from_status, to: h.to_status, fromStage: label(h.from_status), toStage: label(h.to_status), reason: h.reason, note: h.note })),
    comments: mine(rows.comments).map((c) => ({ at: iso(c.at), author: c.author_name, text: c.body })),
  };
}

export async function copyHeld(db: Db, subject: Subject, chosen: Chosen, made: { now: number; agency: string }): Promise<PersonalDataCopy> {
  const m = matching(subject, chosen);
  const submissions = await db.query<SubmissionRow>(
    `SELECT id, number, form, created_at, status, data, page, referrer, landing, utm, ip, consent, loss_reason, loss_note FROM submissions WHERE ${m.sql} ORDER BY created_at`,
    m.params,
  );
  const rows = await attached(db, subject, chosen);
  const stages = await readStages(db);
  return {
    about: `Сведения о персональных данных, которые хранит сайт агентства «${made.agency}» (152-ФЗ, ст. 14)`,
    agency: made.agency,
    madeAt: iso(made.now) as string,
    submissions: submissions.map((row) => submissionOf(row, rows, stages)),
    subscriptions: rows.subscriptions.map((s) => ({ email: s.email, status: s.status, requestedAt: iso(s.requested_at), confirmedAt: iso(s.confirmed_at) })),
  };
}
