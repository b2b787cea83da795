import { type LoggedQuery, SEARCH_LOG_DAYS, type SearchLogView } from "#core/search/log.ts";
import type { Db } from "./db.ts";

/** Queries a week's table shows at most (the most searched, or those that found nothing). */
const QUERIES_SHOWN = 200;
/** Results followed, shown per query. */
const CLICKS_SHOWN = 3;

/**
 * What visitors search (core/search/log.ts): counts only, per Moscow week and normalised query.
 * The same SQL on both backends (an upsert each: one row per query and week, however many ask).
 */
export function searchLogStore(db: Db) {
  return {
    /** A query answered: one more search of it this week, and one more that found nothing when `found` is 0. */
    async searched(week: number, query: string, found: number): Promise<void> {
      await db.query(
        `INSERT INTO search_log_queries (week, query, searches, empty) VALUES ($1, $2, 1, $3)
         ON CONFLICT (week, query) DO UPDATE SET searches = search_log_queries.searches + 1, empty = search_log_queries.empty + $3`,
        [week, query, found === 0 ? 1 : 0],
      );
    },

    /** A result followed from a query: counted at its place in the list. */
    async followed(week: number, query: string, url: string, position: number): Promise<void> {
      await db.query(
        `INSERT INTO search_log_clicks (week, query, url, position, clicks) VALUES ($1, $2, $3, $4, 1)
         ON CONFLICT (week, query, url, position) DO UPDATE SET clicks = search_log_clicks.clicks + 1`,
        [week, query, url, position],
      );
    },

    /** A week's queries, most searched first (or only those that found nothing), with the results followed from each. */
    async week(week: number | null, onlyEmpty: boolean): Promise<SearchLogView> {
      const weeks = (await db.query<{ week: number }>("SELECT DISTINCT week FROM search_log_queries ORDER BY week DESC LIMIT 14")).map((r) => Number(r.week));
      const shown = week !== null && weeks.includes(week) ? week : (weeks[0] ?? null);
      const view: SearchLogView = { weeks, week: shown, searches: 0, empty: 0, queries: [], more: false, days: SEARCH_LOG_DAYS };
      if (shown === null) return view;
      const [totals] = await db.query<{ searches: number | null; empty: number | null }>("SELECT SUM(searches) AS searches, SUM(empty) AS empty FROM search_log_queries WHERE week = $1", [shown]);
      const rows = await db.query<{ query: string; searches: number; empty: number }>(
        `SELECT query, searches, empty FROM search_log_queries WHERE week = $1${onlyEmpty ? " AND empty > 0" : ""}
         ORDER BY ${onlyEmpty ? "empty DESC, " : ""}searches DESC, query LIMIT $2`,
        [shown, QUERIES_SHOWN + 1],
      );
      const listed = rows.slice(0, QUERIES_SHOWN);
      const clicks = new Map<string, LoggedQuery["clicks"]>();
      if (listed.length > 0) {
        const marks = listed.map((_, i) => `$${i + 2}`).join(", ");
        const followed = await db.query<{ query: string; url: string; position: number; clicks: number }>(
          `SELECT query, url, position, clicks FROM search_log_clicks WHERE week = $1 AND query IN (${marks}) ORDER BY clicks DESC, position`,
          [shown, ...listed.map((r) => r.query)],
        );
        for (const f of followed) {
          const list = clicks.get(f.query) ?? [];
          list.push({ url: f.url, position: Number(f.position), clicks: Number(f.clicks) });
          clicks.set(f.query, list);
        }
      }
      return {
        ...view,
        searches: Number(totals?.searches ?? 0),
        empty: Number(totals?.empty ?? 0),
        more: rows.length > QUERIES_SHOWN,
        queries: listed.map((r) => {
          const all = clicks.get(r.query) ?? [];
          return { query: r.query, searches: Number(r.searches), empty: Number(r.empty), clicks: all.slice(0, CLICKS_SHOWN), clicksTotal: all.reduce((n, c) => n + c.clicks, 0) };
        }),
      };
    },

    /** Drops the weeks that ended before `cutoff`; how many queries went. */
    async deleteBefore(cutoff: number): Promise<number> {
      await db.query("DELETE FROM search_log_clicks WHERE week < $1", [cutoff]);
      return (await db.query("DELETE FROM search_log_queries WHERE week < $1 RETURNING 1 AS x", [cutoff])).length;
    },
  };
}
