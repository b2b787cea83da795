import { SLUG_MAX, SLUG_PATTERN } from "#core/content/fields.ts";
import { landingVariants } from "#core/content/schemas/landings.ts";
import { judge } from "#core/landings/verdict.ts";
import { VARIANT_KEYS, VARIANT_LETTERS, type VariantKey, variantKey } from "#core/landings/variants.ts";
import type { LandingResults } from "#core/studio/landings-api.ts";
import type { Row } from "../../leads/db.ts";
import { createStore } from "../../leads/store.ts";
import { readEntry, titleOf } from "../content/files.ts";
import { HttpError } from "../http.ts";
import { clock } from "../../clock.ts";
import { moscowDate } from "../../landing-variants.ts";
import type { ApiRoute } from "../router.ts";

export const LANDING_MESSAGES = { notFound: "Такого лендинга нет" } as const;

/** Moscow has kept UTC+3 since 2014. */
const MOSCOW_OFFSET_MS = 3 * 3600 * 1000;
const DAY_MS = 86_400_000;
/** The days a landing's results add up: a campaign's quarter. */
export const RESULT_DAYS = 92;
/** The start (in ms) of the Moscow day that holds `at`. */
const moscowDayStart = (at: number) => Math.floor((at + MOSCOW_OFFSET_MS) / DAY_MS) * DAY_MS - MOSCOW_OFFSET_MS;

/**
 * A landing's results (core/studio/landings-api.ts), for whoever edits the content: counts
 * only, no request's data. Ending a test is an ordinary save of the landing (the studio's
 * form writes the winner into its first screen).
 */
export const landingRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/landings/:slug/results",
    access: "content:edit",
    async handle(ctx) {
      const slug = ctx.params.slug ?? "";
      const entry = SLUG_PATTERN.test(slug) && slug.length <= SLUG_MAX ? readEntry(ctx.services.config.contentDir, "landings", slug) : null;
      if (!entry) throw new HttpError(404, LANDING_MESSAGES.notFound);
      const db = ctx.services.inbox.db;
      // Views and requests of the same days: the last RESULT_DAYS Moscow days, today's included.
      const since = moscowDayStart(clock.now()) - (RESULT_DAYS - 1) * DAY_MS;
      const views = await createStore(db).landingViews.of(slug, moscowDate(since));
      // Requests whose visitor was dealt no variant (no consent: they saw А, uncounted) are left out.
      const requests = await db.query<Row & { d: number; variant: string; n: number }>(
        `SELECT (created_at + ${MOSCOW_OFFSET_MS}) / ${DAY_MS} AS d, campaign_variant AS variant, COUNT(*) AS n
         FROM submissions WHERE campaign_landing = $1 AND campaign_variant IS NOT NULL AND created_at >= $2
         GROUP BY (created_at + ${MOSCOW_OFFSET_MS}) / ${DAY_MS}, campaign_variant`,
        [slug, since],
      );
      ctx.send(200, landingResults(slug, entry.values, views, requests.flatMap((r) => {
        const variant = variantKey(r.variant);
        return variant ? [{ day: dayOf(Number(r.d)), variant, requests: Number(r.n) }] : [];
      })));
    },
  },
];

const dayOf = (index: number) => new Date(Math.floor(index) * DAY_MS).toISOString().slice(0, 10);

type Tally = { views: number; requests: number };

/** The results of a landing from its saved values and its counts. */
export function landingResults(
  slug: string,
  values: Record<string, unknown>,
  views: ReadonlyArray<{ day: string; variant: VariantKey; views: number }>,
  requests: ReadonlyArray<{ day: string; variant: VariantKey; requests: number }>,
): LandingResults {
  const saved = landingVariants({
    blocks: Array.isArray(values.blocks) ? (values.blocks as Array<{ kind: string; title?: string; button?: string }>) : [],
    variants: Array.isArray(values.variants) ? (values.variants as Array<{ title: string; button: string }>) : [],
  });
  const byDay = new Map<string, Map<VariantKey, Tally>>();
  const cell = (day: string, key: VariantKey) => {
    const row = byDay.get(day) ?? new Map<VariantKey, Tally>();
    byDay.set(day, row);
    const found = row.get(key) ?? { views: 0, requests: 0 };
    row.set(key, found);
    return found;
  };
  for (const v of views) cell(v.day, v.variant).views += v.views;
  for (const r of requests) cell(r.day, r.variant).requests += r.requests;
  const totals = new Map<VariantKey, Tally>();
  for (const row of byDay.values()) {
    for (const [key, t] of row) {
      const sum = totals.get(key) ?? { views: 0, requests: 0 };
      totals.set(key, { views: sum.views + t.views, requests: sum.requests + t.requests });
    }
  }
  const keys = VARIANT_KEYS.filter((key) => key === "a" || saved.some((v) => v.key === key) || totals.has(key));
  const tallies = keys.map((key) => totals.get(key) ?? { views: 0, requests: 0 });
  const verdict = keys.length > 1 ? judge(tallies, keys.map((key) => VARIANT_LETTERS[key])) : null;
  return {
    slug,
    title: titleOf(values, slug),
    testing: saved.length > 1,
    variants: keys.map((key, i) => {
      const own = saved.find((v) => v.key === key);
      const t = tallies[i] as Tally;
      return { key, letter: VARIANT_LETTERS[key], title: own?.title ?? "", button: own?.button ?? "", views: t.views, requests: t.requests, conversion: t.views > 0 ? t.requests / t.views : 0, best: verdict?.best[i] ?? 1 };
    }),
    days: [...byDay.keys()]
      .sort((a, b) => (a < b ? 1 : -1))
      .map((day) => ({ day, cells: keys.map((key) => ({ key, ...(byDay.get(day)?.get(key) ?? { views: 0, requests: 0 }) })) })),
    verdict: verdict ? { text: verdict.text, winner: verdict.winner === null ? null : (keys[verdict.winner] ?? null) } : null,
  };
}
