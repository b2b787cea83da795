import type { VariantKey } from "#core/landings/variants.ts";
import type { Db } from "./db.ts";

/** A landing's views of one variant on one Moscow day (YYYY-MM-DD). */
export type DayViews = { day: string; variant: VariantKey; views: number };

/**
 * Views of the landings (issue 59): counts only, per Moscow day, landing and variant of its
 * headline test; no address, no cookie, no visitor. Written in batches (server/landing-variants.ts
 * counts in memory between them), the same SQL on both backends.
 */
export function landingViewsStore(db: Db) {
  return {
    /** Adds each count to its day's row (one upsert per landing, variant and day of the batch). */
    async add(counts: ReadonlyArray<{ day: string; landing: string; variant: VariantKey; views: number }>): Promise<void> {
      if (counts.length === 0) return;
      await db.transaction(async (tx) => {
        for (const c of counts) {
          await tx.query(
            `INSERT INTO landing_views (day, landing, variant, views) VALUES ($1, $2, $3, $4)
             ON CONFLICT (day, landing, variant) DO UPDATE SET views = landing_views.views + $4`,
            [c.day, c.landing, c.variant, c.views],
          );
        }
      });
    },

    /** A landing's views per day and variant from the Moscow day `since` (YYYY-MM-DD) on, the newest day first. */
    async of(landing: string, since: string): Promise<DayViews[]> {
      const rows = await db.query<{ day: string; variant: string; views: number }>(
        "SELECT day, variant, views FROM landing_views WHERE landing = $1 AND day >= $2 ORDER BY day DESC, variant",
        [landing, since],
      );
      return rows.map((r) => ({ day: String(r.day), variant: r.variant as VariantKey, views: Number(r.views) }));
    },
  };
}

export type LandingViewsStore = ReturnType<typeof landingViewsStore>;
