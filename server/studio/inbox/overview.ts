import type { FormKind } from "#core/forms/kinds.ts";
import type { InboxOverview } from "#core/studio/inbox.ts";
import type { Db, Row } from "../../leads/db.ts";
import { paramsFrom, readStages, stagesWhere } from "./pipeline.ts";

/**
 * What the inbox's overview shows (GET /studio/api/inbox/overview): how many
 * submissions of the caller's kinds are new, have nobody responsible, or have
 * waited 24 hours with nothing done; and how many came each of the last 12
 * weeks, by source. `now` comes from the server's clock (server/clock.ts), so
 * tests move time instead of waiting for it.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const WEEKS = 12;
/** Moscow keeps UTC+3 all year: its weeks start on Monday at 00:00 there. */
const MOSCOW = 3 * HOUR;
/** Sources shown apart in the chart; the rest are summed as «другие». */
const TOP_SOURCES = 5;
export const OTHER_SOURCES = "другие";
export const UNKNOWN_SOURCE = "неизвестно";

/** The start of the Moscow week (Monday 00:00) that `at` falls in. */
export function weekStart(at: number): number {
  const day = Math.floor((at + MOSCOW) / DAY);
  // 1 January 1970 was a Thursday: three days after a Monday.
  const weekday = (((day + 3) % 7) + 7) % 7;
  return (day - weekday) * DAY - MOSCOW;
}

/** `lastVisit`: the caller's previous sign-in, if any; the submissions that came since are counted apart. */
export async function inboxOverview(db: Db, kinds: readonly FormKind[], now: number, lastVisit: number | null = null): Promise<InboxOverview> {
  const stages = await readStages(db);
  const counted = async (pick: "open" | "first", extra: (add: (v: number) => string) => string = () => "") => {
    const p = paramsFrom(1);
    const where = stagesWhere(stages, kinds, pick, p.add);
    const more = extra(p.add);
    const [row] = await db.query<Row & { n: number }>(`SELECT COUNT(*) AS n FROM submissions s WHERE ${where}${more ? ` AND ${more}` : ""}`, p.params);
    return Number(row?.n ?? 0);
  };
  const fresh = await counted("first");
  const unassigned = await counted("open", () => "s.owner_id IS NULL");
  const untouched = await counted("open", (add) => `s.touched_at < ${add(now - DAY)}`);

  const origin = weekStart(now) - (WEEKS - 1) * WEEK;
  const p = paramsFrom(1);
  const kindsSql = kinds.length > 0 ? `s.form IN (${kinds.map((kind) => p.add(kind)).join(", ")})` : "1 = 0";
  const since = p.add(origin);
  // The source, stored with each submission (search-keys.ts, sourceOf): utm_source, else the site
  // the visit came from, else its first page, else the form's page.
  const rows = await db.query<Row & { week: number; source: string; n: number }>(
    // CAST: SQLite binds a JavaScript number as a real, and the division would keep the fraction.
    `SELECT CAST((s.created_at - ${since}) / ${WEEK} AS INTEGER) AS week, COALESCE(s.source, '') AS source, COUNT(*) AS n
     FROM submissions s WHERE ${kindsSql} AND s.created_at >= ${since}
     GROUP BY CAST((s.created_at - ${since}) / ${WEEK} AS INTEGER), COALESCE(s.source, '')`,
    p.params,
  );
  const totals = new Map<string, number>();
  for (const row of rows) {
    const source = row.source || UNKNOWN_SOURCE;
    totals.set(source, (totals.get(source) ?? 0) + Number(row.n));
  }
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], "ru"));
  const top = ranked.slice(0, TOP_SOURCES).map(([source]) => source);
  const sources = ranked.length > TOP_SOURCES ? [...top, OTHER_SOURCES] : top;
  const weeks = Array.from({ length: WEEKS }, (_, i) => ({ start: origin + i * WEEK, total: 0, bySource: {} as Record<string, number> }));
  for (const row of rows) {
    const week = weeks[Math.floor(Number(row.week))];
    if (!week) continue;
    const source = top.includes(row.source || UNKNOWN_SOURCE) ? row.source || UNKNOWN_SOURCE : OTHER_SOURCES;
    week.bySource[source] = (week.bySource[source] ?? 0) + Number(row.n);
    week.total += Number(row.n);
  }
  let sinceVisit: InboxOverview["sinceVisit"] = null;
  if (lastVisit !== null) {
    const q = paramsFrom(1);
    const inKinds = kinds.length > 0 ? `form IN (${kinds.map((kind) => q.add(kind)).join(", ")})` : "1 = 0";
    const [row] = await db.query<Row & { n: number }>(`SELECT COUNT(*) AS n FROM submissions WHERE ${inKinds} AND created_at >= ${q.add(lastVisit)}`, q.params);
    sinceVisit = { at: lastVisit, count: Number(row?.n ?? 0) };
  }
  return { now, fresh, unassigned, untouched, weeks, sources, sinceVisit };
}
