import type { FormKind } from "#core/forms/kinds.ts";
import { moscowDay } from "#core/lib/moscow-time.ts";
import type { Funnel } from "#core/studio/inbox.ts";
import { FILTER_FIELD_MESSAGES } from "#core/studio/filter-checks.ts";
import type { Db, Row } from "../../leads/db.ts";
import { moscowDayStart } from "../api/audit.ts";
import { HttpError } from "../http.ts";
import { OTHER_SOURCES, UNKNOWN_SOURCE } from "./overview.ts";
import { paramsFrom, readStages } from "./pipeline.ts";

/**
 * The funnel of each kind for the submissions that came in a period (GET /studio/api/inbox/funnel):
 * how many reached each open or won stage — the furthest such stage a submission is in or passed
 * through (its history's from and to), counted for every stage up to it —, how many are won and
 * lost now, the losses by reason and the outcomes by source. Two grouped reads over the
 * period's rows (by kind and date from an index), whatever the number of submissions.
 */
export type Period = { since: string; until: string; from: number; to: number };

const DAY = 86_400_000;
/** The default period: the last 30 Moscow days, today included. */
const DEFAULT_DAYS = 30;
/** At most two years: a longer period is a report, not a glance. */
const MAX_DAYS = 731;
const TOP_SOURCES = 5;

export const FUNNEL_MESSAGES = { bad: "Период воронки задан неверно", long: "Выберите период не\u00a0длиннее двух лет" } as const;

/** `since` and `until` (YYYY-MM-DD, Moscow days, both included), or the last 30 days to `now`. */
export function funnelPeriod(query: URLSearchParams, now: number): Period {
  const wrong = (field: string, message: string) => new HttpError(400, FUNNEL_MESSAGES.bad, { [field]: message });
  const until = (query.get("until") ?? "").trim() || moscowDay(now);
  const end = moscowDayStart(until);
  if (end === null) throw wrong("until", FILTER_FIELD_MESSAGES.date);
  const since = (query.get("since") ?? "").trim() || moscowDay(end - (DEFAULT_DAYS - 1) * DAY);
  const start = moscowDayStart(since);
  if (start === null) throw wrong("since", FILTER_FIELD_MESSAGES.date);
  if (start > end) throw wrong("until", FILTER_FIELD_MESSAGES.dates);
  if (end - start >= MAX_DAYS * DAY) throw wrong("since", FUNNEL_MESSAGES.long);
  return { since, until, from: start, to: end + DAY };
}

/**
 * The period as the parts it is read in: whole on PostgreSQL (its driver does not hold the event
 * loop), by SLICE_DAYS on SQLite, whose reads do (a year at 100,000 submissions took about half a
 * second in one read; docs/inbox.md).
 */
const SLICE_DAYS = 31;
function sliceOf(db: Db, period: Period): Array<[number, number]> {
  if (db.backend !== "sqlite") return [[period.from, period.to]];
  const parts: Array<[number, number]> = [];
  for (let from = period.from; from < period.to; from += SLICE_DAYS * DAY) parts.push([from, Math.min(period.to, from + SLICE_DAYS * DAY)]);
  return parts;
}

export async function inboxFunnel(db: Db, kinds: readonly FormKind[], period: Period): Promise<Funnel> {
  const stages = await readStages(db);
  if (kinds.length === 0) return { since: period.since, until: period.until, kinds: [] };
  type Now = Row & { form: string; status: string; reason: string | null; source: string; n: number };
  type Passed = Row & { form: string; status: string; position: number | null; n: number };
  const now: Now[] = [];
  const passed: Passed[] = [];
  // Counts of disjoint parts add up: a long period is read a part at a time (sliceOf).
  for (const [at, [from, to]] of sliceOf(db, period).entries()) {
    // SQLite reads synchronously: the studio's other requests are answered between two parts.
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    const p = paramsFrom(1);
    const inPeriod = `s.form IN (${kinds.map((kind) => p.add(kind)).join(", ")}) AND s.created_at >= ${p.add(from)} AND s.created_at < ${p.add(to)}`;
    now.push(
      ...(await db.query<Now>(
        `SELECT s.form, s.status, s.loss_reason AS reason, COALESCE(s.source, '') AS source, COUNT(*) AS n FROM submissions s
         WHERE ${inPeriod} GROUP BY s.form, s.status, s.loss_reason, COALESCE(s.source, '')`,
        p.params,
      )),
    );
    // The furthest open or won stage each submission passed through (its history's from and to),
    // grouped with its stage now: a few rows, whatever the number of submissions. Only those with a
    // history are grouped one by one, in a hash, and joined by their key.
    passed.push(
      ...(await db.query<Passed>(
        `SELECT s.form, s.status, hm.position, COUNT(*) AS n FROM submissions s
         LEFT JOIN (
           SELECT h.submission_id, MAX(st.position) AS position FROM submission_status_history h
           JOIN submissions s ON s.id = h.submission_id
           JOIN inbox_stages st ON st.form = s.form AND (st.key = h.from_status OR st.key = h.to_status) AND st.outcome <> 'lost'
           WHERE ${inPeriod} GROUP BY h.submission_id
         ) AS hm ON hm.submission_id = s.id
         WHERE ${inPeriod} GROUP BY s.form, s.status, hm.position`,
        p.params,
      )),
    );
  }
  return {
    since: period.since,
    until: period.until,
    kinds: kinds.map((kind) => {
      const list = stages[kind];
      const outcomeOf = (key: string) => list.find((stage) => stage.key === key)?.outcome ?? "open";
      const rows = now.filter((row) => row.form === kind);
      const total = rows.reduce((sum, row) => sum + Number(row.n), 0);
      const steps = list.filter((stage) => stage.outcome !== "lost");
      // The furthest stage of each group: the one it is in now (unless lost) or the furthest passed.
      const positionOf = (key: string) => steps.find((stage) => stage.key === key)?.position ?? -1;
      const furthest = passed.filter((row) => row.form === kind).map((row) => ({ position: Math.max(positionOf(row.status), row.position === null ? -1 : Number(row.position)), n: Number(row.n) }));
      // Everyone came in at the first stage; a later one counts those who reached it or went further.
      const reached = steps.map((stage, index) =>
        index === 0 ? total : furthest.filter((row) => row.position >= stage.position).reduce((sum, row) => sum + row.n, 0),
      );
      const reasons = new Map<string, number>();
      const sources = new Map<string, { total: number; won: number; lost: number }>();
      let won = 0;
      let lost = 0;
      for (const row of rows) {
        const n = Number(row.n);
        const outcome = outcomeOf(row.status);
        if (outcome === "won") won += n;
        if (outcome === "lost") {
          lost += n;
          const reason = row.reason ?? "Без причины";
          reasons.set(reason, (reasons.get(reason) ?? 0) + n);
        }
        const source = sources.get(row.source || UNKNOWN_SOURCE) ?? { total: 0, won: 0, lost: 0 };
        source.total += n;
        if (outcome !== "open") source[outcome] += n;
        sources.set(row.source || UNKNOWN_SOURCE, source);
      }
      const ranked = [...sources.entries()].sort((a, b) => b[1].total - a[1].total || a[0].localeCompare(b[0], "ru"));
      const shown = ranked.slice(0, TOP_SOURCES).map(([source, figures]) => ({ source, ...figures }));
      const rest = ranked.slice(TOP_SOURCES).reduce((sum, [, f]) => ({ total: sum.total + f.total, won: sum.won + f.won, lost: sum.lost + f.lost }), { total: 0, won: 0, lost: 0 });
      return {
        kind,
        total,
        steps: steps.map((stage, index) => ({ key: stage.key, label: stage.label, outcome: stage.outcome, reached: reached[index] ?? 0 })),
        won,
        lost,
        reasons: [...reasons.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], "ru")).map(([reason, count]) => ({ reason, count })),
        sources: rest.total > 0 ? [...shown, { source: OTHER_SOURCES, ...rest }] : shown,
      };
    }),
  };
}
