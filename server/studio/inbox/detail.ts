import type { FormKind } from "#core/forms/kinds.ts";
import type { Comment, InboxDetail, Status, StatusChange } from "#core/studio/inbox.ts";
import type { Db, Row } from "../../leads/db.ts";
import { createOutboxStore } from "../../leads/outbox-store.ts";
import { readLossReasons, readOwners, readStages } from "./pipeline.ts";
import { headOf, visible } from "./visible.ts";
import { campaignOf } from "../../leads/submission-store.ts";

/** One submission's page: its fields, its file, the team's work on it, its deliveries and who may own it. */
export function inboxDetail(db: Db) {
  const outbox = createOutboxStore(db);
  return {
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
      const head = headOf(row);
      const { kind, ownerId } = head;
      const owners = (await readOwners(db)).filter((owner) => owner.kinds.includes(kind));
      const [owner] = ownerId === null ? [] : await db.query<Row & { name: string }>("SELECT name FROM studio_users WHERE id = $1", [ownerId]);
      return {
        ...head,
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
        campaign: campaignOf(row),
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
  };
}
