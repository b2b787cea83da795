/**
 * Relevance measures over a judged query set: how often the first result is
 * the page a navigational query names, how often an acceptable page is among
 * the first three, how high the first one ranks (MRR@10), and how well the
 * first ten are ordered (nDCG@10, graded: acceptable pages 2, related 1).
 */
import type { JudgedQuery } from "./judged.ts";

export const CUTOFF = 10;

export type Scores = { successAt1: number; navigational: number; successAt3: number; mrr: number; ndcg: number; queries: number };

function grade(judged: JudgedQuery, url: string): number {
  if (judged.pages.includes(url)) return 2;
  return judged.related.includes(url) ? 1 : 0;
}

const gain = (g: number) => 2 ** g - 1;
const discounted = (grades: readonly number[]) => grades.slice(0, CUTOFF).reduce((sum, g, i) => sum + gain(g) / Math.log2(i + 2), 0);

/** Where the first acceptable page stands in `results` (1-based), or 0. */
export function firstAcceptable(judged: JudgedQuery, results: readonly string[]): number {
  return results.slice(0, CUTOFF).findIndex((url) => judged.pages.includes(url)) + 1;
}

export function ndcg(judged: JudgedQuery, results: readonly string[]): number {
  const ideal = discounted([...judged.pages.map(() => 2), ...judged.related.map(() => 1)]);
  return ideal === 0 ? 0 : discounted(results.map((url) => grade(judged, url))) / ideal;
}

/** The measures over every query, each with the URLs an engine ranked for it. */
export function score(runs: ReadonlyArray<{ judged: JudgedQuery; results: readonly string[] }>): Scores {
  let successAt1 = 0;
  let navigational = 0;
  let successAt3 = 0;
  let mrr = 0;
  let ndcgSum = 0;
  for (const { judged, results } of runs) {
    const rank = firstAcceptable(judged, results);
    if (judged.navigational) {
      navigational += 1;
      if (rank === 1) successAt1 += 1;
    }
    if (rank >= 1 && rank <= 3) successAt3 += 1;
    if (rank > 0) mrr += 1 / rank;
    ndcgSum += ndcg(judged, results);
  }
  const n = Math.max(1, runs.length);
  return { successAt1: successAt1 / Math.max(1, navigational), navigational, successAt3: successAt3 / n, mrr: mrr / n, ndcg: ndcgSum / n, queries: runs.length };
}
