import { TRASH_KEEP_MS } from "#core/studio/trash-api.ts";
import type { Db, Row } from "../../leads/db.ts";
import { clock } from "../../clock.ts";
import type { AuditLog } from "../audit.ts";
import { likeLiteral } from "./drafts.ts";

/**
 * «Корзина» in the studio's store (migration 7), so every server behind a
 * balancer sees the same: a deleted entry's file texts with who deleted it
 * and when, for TRASH_DAYS days. Restoring takes a row out; so does «Удалить
 * навсегда»; rows older than that are removed when the trash is read and by
 * the studio's periodic pruning, each with an audit entry.
 */
export type Trashed = {
  id: number;
  type: string;
  slug: string;
  title: string;
  /** Path under the content folder → its text when deleted. */
  files: Record<string, string>;
  deletedBy: { login: string; name: string };
  deletedAt: number;
  wasPublished: boolean;
  /** The address a saved 301 was added from when it was deleted. */
  redirected: string | null;
};

type TrashRow = Row & {
  id: number;
  type: string;
  slug: string;
  title: string;
  files: string;
  deleted_by_login: string;
  deleted_by_name: string;
  deleted_at: number;
  was_published: number;
  redirected: string | null;
};

const COLUMNS = "id, type, slug, title, files, deleted_by_login, deleted_by_name, deleted_at, was_published, redirected";

function fromRow(row: TrashRow): Trashed {
  return {
    id: Number(row.id),
    type: row.type,
    slug: row.slug,
    title: row.title,
    files: JSON.parse(row.files) as Record<string, string>,
    deletedBy: { login: row.deleted_by_login, name: row.deleted_by_name },
    deletedAt: Number(row.deleted_at),
    wasPublished: Number(row.was_published) === 1,
    redirected: row.redirected,
  };
}

export function createTrashStore(db: Db, audit: AuditLog) {
  return {
    async put(item: Omit<Trashed, "id">): Promise<number> {
      const [row] = await db.query<Row & { id: number }>(
        `INSERT INTO studio_trash (type, slug, title, files, deleted_by_login, deleted_by_name, deleted_at, was_published, redirected)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [item.type, item.slug, item.title, JSON.stringify(item.files), item.deletedBy.login, item.deletedBy.name, item.deletedAt, item.wasPublished ? 1 : 0, item.redirected],
      );
      return Number(row?.id);
    },

    /** What is in the trash (of one type, if given), newest first; what has expired is removed first. */
    async list(type: string | null = null, now = clock.now()): Promise<Trashed[]> {
      await this.purge(now);
      const rows = type
        ? await db.query<TrashRow>(`SELECT ${COLUMNS} FROM studio_trash WHERE type = $1 ORDER BY deleted_at DESC, id DESC`, [type])
        : await db.query<TrashRow>(`SELECT ${COLUMNS} FROM studio_trash ORDER BY deleted_at DESC, id DESC`);
      return rows.map(fromRow);
    },

    async get(id: number, now = clock.now()): Promise<Trashed | null> {
      const [row] = await db.query<TrashRow>(`SELECT ${COLUMNS} FROM studio_trash WHERE id = $1 AND deleted_at > $2`, [id, now - TRASH_KEEP_MS]);
      return row ? fromRow(row) : null;
    },

    /** Entries in the trash whose files name `text` (an upload's address). */
    async naming(text: string, now = clock.now()): Promise<Array<{ type: string; slug: string; title: string; deletedAt: number }>> {
      const rows = await db.query<Row & { type: string; slug: string; title: string; deleted_at: number }>(
        "SELECT type, slug, title, deleted_at FROM studio_trash WHERE files LIKE $1 ESCAPE '\\' AND deleted_at > $2 ORDER BY deleted_at DESC",
        [`%${likeLiteral(text)}%`, now - TRASH_KEEP_MS],
      );
      return rows.map((row) => ({ type: row.type, slug: row.slug, title: row.title, deletedAt: Number(row.deleted_at) }));
    },

    /** Takes a row out; false when it was no longer there. */
    async remove(id: number): Promise<boolean> {
      const rows = await db.query<Row & { id: number }>("DELETE FROM studio_trash WHERE id = $1 RETURNING id", [id]);
      return rows.length > 0;
    },

    async count(type: string, now = clock.now()): Promise<number> {
      const [row] = await db.query<Row & { n: number }>("SELECT COUNT(*) AS n FROM studio_trash WHERE type = $1 AND deleted_at > $2", [type, now - TRASH_KEEP_MS]);
      return Number(row?.n ?? 0);
    },

    /** Removes what has been in the trash longer than TRASH_DAYS, recorded in the journal. */
    async purge(now = clock.now()): Promise<number> {
      return db.transaction(async (tx) => {
        const gone = await tx.query<Row & { id: number; type: string; slug: string; title: string }>(
          "DELETE FROM studio_trash WHERE deleted_at <= $1 RETURNING id, type, slug, title",
          [now - TRASH_KEEP_MS],
        );
        for (const row of gone) {
          await audit.write({ action: "content.trash-purge", actor: null, target: `${row.type}/${row.slug}`, details: { title: row.title, expired: true }, ip: null, at: now }, tx);
        }
        return gone.length;
      });
    },
  };
}

export type TrashStore = ReturnType<typeof createTrashStore>;
