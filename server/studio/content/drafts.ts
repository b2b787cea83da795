import type { Db, Row } from "../../leads/db.ts";

/**
 * Drafts and presence, in the studio's store (migration 3), so every server
 * behind a balancer sees the same. A draft is one person's unsaved work on
 * one entry: saved by the editor a few seconds after each change and when
 * the page is left, offered when the entry is opened again, dropped when the
 * entry is saved. Presence is a heartbeat per open editor; whoever beat
 * within PRESENCE_WINDOW_MS has the entry open.
 */
export type Draft = { values: unknown; baseHash: string | null; updatedAt: number };
export type Presence = { login: string; name: string; seenAt: number };

export const PRESENCE_WINDOW_MS = 15_000;

type DraftRow = Row & { entry_values: string; base_hash: string | null; updated_at: number };
type PresenceRow = Row & { login: string; name: string; seen_at: number };

export function createDraftStore(db: Db) {
  return {
    async get(type: string, slug: string, userId: number): Promise<Draft | null> {
      const [row] = await db.query<DraftRow>("SELECT entry_values, base_hash, updated_at FROM studio_drafts WHERE type = $1 AND slug = $2 AND user_id = $3", [type, slug, userId]);
      if (!row) return null;
      return { values: JSON.parse(row.entry_values) as unknown, baseHash: row.base_hash, updatedAt: Number(row.updated_at) };
    },

    async put(type: string, slug: string, userId: number, values: unknown, baseHash: string | null, now = Date.now()): Promise<void> {
      await db.query(
        `INSERT INTO studio_drafts (type, slug, user_id, entry_values, base_hash, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (type, slug, user_id) DO UPDATE SET entry_values = excluded.entry_values, base_hash = excluded.base_hash, updated_at = excluded.updated_at`,
        [type, slug, userId, JSON.stringify(values), baseHash, now],
      );
    },

    async remove(type: string, slug: string, userId: number): Promise<void> {
      await db.query("DELETE FROM studio_drafts WHERE type = $1 AND slug = $2 AND user_id = $3", [type, slug, userId]);
    },

    /** Entries this person has drafts of: "type/slug" → when last saved. */
    async mine(userId: number): Promise<Record<string, number>> {
      const rows = await db.query<Row & { type: string; slug: string; updated_at: number }>("SELECT type, slug, updated_at FROM studio_drafts WHERE user_id = $1", [userId]);
      return Object.fromEntries(rows.map((row) => [`${row.type}/${row.slug}`, Number(row.updated_at)]));
    },

    /** Drafts whose values name `text` (an upload's address): the entry and whose draft it is. */
    async naming(text: string): Promise<Array<{ type: string; slug: string; name: string }>> {
      const rows = await db.query<Row & { type: string; slug: string; name: string }>(
        "SELECT d.type, d.slug, u.name FROM studio_drafts d JOIN studio_users u ON u.id = d.user_id WHERE d.entry_values LIKE $1 ESCAPE '\\' ORDER BY d.updated_at DESC",
        [`%${likeLiteral(text)}%`],
      );
      return rows.map((row) => ({ type: row.type, slug: row.slug, name: row.name }));
    },

    /** Records that `userId` has the entry open; returns the others who have it open. */
    async beat(type: string, slug: string, userId: number, now = Date.now()): Promise<Presence[]> {
      await db.query(
        `INSERT INTO studio_presence (type, slug, user_id, seen_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (type, slug, user_id) DO UPDATE SET seen_at = excluded.seen_at`,
        [type, slug, userId, now],
      );
      return this.others(type, slug, userId, now);
    },

    async leave(type: string, slug: string, userId: number): Promise<void> {
      await db.query("DELETE FROM studio_presence WHERE type = $1 AND slug = $2 AND user_id = $3", [type, slug, userId]);
    },

    async others(type: string, slug: string, userId: number, now = Date.now()): Promise<Presence[]> {
      const rows = await db.query<PresenceRow>(
        `SELECT u.login, u.name, p.seen_at FROM studio_presence p JOIN studio_users u ON u.id = p.user_id
         WHERE p.type = $1 AND p.slug = $2 AND p.user_id <> $3 AND p.seen_at >= $4 ORDER BY u.name`,
        [type, slug, userId, now - PRESENCE_WINDOW_MS],
      );
      return rows.map((row) => ({ login: row.login, name: row.name, seenAt: Number(row.seen_at) }));
    },

    /** Open editors everywhere: "type/slug" → names (for the lists). */
    async everywhere(userId: number, now = Date.now()): Promise<Record<string, string[]>> {
      const rows = await db.query<Row & { type: string; slug: string; name: string }>(
        "SELECT p.type, p.slug, u.name FROM studio_presence p JOIN studio_users u ON u.id = p.user_id WHERE p.user_id <> $1 AND p.seen_at >= $2",
        [userId, now - PRESENCE_WINDOW_MS],
      );
      const open: Record<string, string[]> = {};
      for (const row of rows) (open[`${row.type}/${row.slug}`] ??= []).push(row.name);
      return open;
    },

    async prune(now = Date.now()): Promise<void> {
      await db.query("DELETE FROM studio_presence WHERE seen_at < $1", [now - PRESENCE_WINDOW_MS * 4]);
    },
  };
}

/** `text` matched literally by LIKE: its wildcards escaped (SQLite has no escape character unless one is named: the queries name a backslash). */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, "\\$&");

export type DraftStore = ReturnType<typeof createDraftStore>;
