import type { FormKind } from "#core/forms/kinds.ts";
import type { Comment } from "#core/studio/inbox.ts";
import type { Db, Row } from "../../leads/db.ts";
import { addSearchWords, commentWords } from "../../leads/search-keys.ts";
import type { AuditLog } from "../audit.ts";
import type { By } from "./stage-moves.ts";
import { num, visible } from "./visible.ts";

/** The team's internal comments on a submission (read with the rest of it: detail.ts). */
export function inboxComments(db: Db, audit: AuditLog) {
  return {
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
  };
}
