import type { VariantKey } from "../landings/variants.ts";

/**
 * GET /studio/api/landings/:slug/results (issue 59): a landing's views and requests per variant
 * of its headline test and per Moscow day, with the verdict of core/landings/verdict.ts. Counts
 * only: views are counted by the site's server without any visitor's data, requests are the
 * inbox's requests sent from the landing's form.
 */
export type VariantResult = {
  key: VariantKey;
  /** «А», «Б», «В». */
  letter: string;
  /** The first screen's title and button of the variant as saved now (the page's own for А). */
  title: string;
  button: string;
  views: number;
  requests: number;
  /** Requests per view, 0 without views. */
  conversion: number;
  /** The probability that this variant's conversion is the highest. */
  best: number;
};

export type LandingResults = {
  slug: string;
  title: string;
  /** Whether the saved landing has other variants than its own: a test runs once it is published. */
  testing: boolean;
  /** Every variant that has views or requests or is saved now, А first. */
  variants: VariantResult[];
  /** Newest day first: YYYY-MM-DD (Moscow), each variant's views and requests. */
  days: Array<{ day: string; cells: Array<{ key: VariantKey; views: number; requests: number }> }>;
  /** «Пока рано судить: нужно ещё около 1 200 просмотров», «Вариант Б лучше с вероятностью 96 %»; null with one variant. */
  verdict: { text: string; winner: VariantKey | null } | null;
};
