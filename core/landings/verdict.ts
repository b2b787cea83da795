/**
 * The verdict of a landing's headline test (issue 59): which variant brings
 * more requests per view, said in plain Russian. Each variant's conversion is
 * a beta-binomial model: a uniform prior, so after `views` views and
 * `requests` requests its rate is Beta(1 + requests, 1 + views − requests).
 * The probability that a variant is best is computed on a grid, not sampled:
 * the same figures give the same words on every screen and in every test.
 */
import { counted } from "../lib/format.ts";
import { VARIANT_KEYS, VARIANT_LETTERS } from "./variants.ts";

export type VariantTally = { views: number; requests: number };

export type Verdict = {
  /** For each variant, the probability that its rate is the highest (they sum to 1). */
  best: number[];
  /** The variant shown to be best (its index), or null while it is too early to say. */
  winner: number | null;
  /** About how many more views (all variants together) a verdict needs; null once there is one. */
  moreViews: number | null;
  /** «Вариант Б лучше с вероятностью 96 %», «Пока рано судить: нужно ещё около 1 200 просмотров». */
  text: string;
};

/** A variant is called best when it is so with this probability. */
export const DECISIVE = 0.95;
/** Fewer views than this of any variant, and nothing is said yet: a few lucky requests decide nothing. */
export const MIN_VIEWS = 100;
/** Points of the grid the probabilities are summed over. */
const GRID = 4_000;
/** How far (in standard deviations) past every variant's rate the grid reaches. */
const REACH = 10;
/** z of a two-sided 95 % test and of 80 % power: the usual size of an A/B test. */
const Z_TEST = 1.96;
const Z_POWER = 0.8416;
/** The smallest lift worth finding, against the rate so far: below it, any variant will do. */
const SMALLEST_LIFT = 0.2;

export const variantName = (index: number) => {
  const key = VARIANT_KEYS[index];
  return `Вариант ${key ? VARIANT_LETTERS[key] : String(index + 1)}`;
};

const tidy = ({ views, requests }: VariantTally) => {
  const n = Math.max(0, Math.floor(views));
  return { n, k: Math.min(n, Math.max(0, Math.floor(requests))) };
};

/** For each variant, the probability that its rate is the highest of all. */
export function probabilityBest(tallies: readonly VariantTally[]): number[] {
  if (tallies.length === 0) return [];
  if (tallies.length === 1) return [1];
  const shapes = tallies.map(tidy).map(({ n, k }) => ({ a: 1 + k, b: 1 + n - k }));
  const spread = shapes.map(({ a, b }) => {
    const mean = a / (a + b);
    const sd = Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
    return { low: mean - REACH * sd, high: mean + REACH * sd };
  });
  const low = Math.max(0, Math.min(...spread.map((s) => s.low)));
  const high = Math.min(1, Math.max(...spread.map((s) => s.high)));
  const step = (high - low) / GRID;
  // Each variant's density at the middle of each cell, as a share of its whole: no point is 0 or 1.
  const mass = shapes.map(({ a, b }) => {
    const logs = new Float64Array(GRID);
    let top = -Infinity;
    for (let i = 0; i < GRID; i++) {
      const x = low + (i + 0.5) * step;
      logs[i] = (a - 1) * Math.log(x) + (b - 1) * Math.log1p(-x);
      top = Math.max(top, logs[i] as number);
    }
    let sum = 0;
    for (let i = 0; i < GRID; i++) sum += logs[i] = Math.exp((logs[i] as number) - top);
    for (let i = 0; i < GRID; i++) logs[i] = (logs[i] as number) / sum;
    return logs;
  });
  // P(variant v best) = Σ over cells of its mass there × every other's mass below (half of the same cell: a tie).
  const below = mass.map(() => 0);
  const best = mass.map(() => 0);
  for (let i = 0; i < GRID; i++) {
    for (let v = 0; v < mass.length; v++) {
      let others = 1;
      for (let w = 0; w < mass.length; w++) if (w !== v) others *= (below[w] as number) + (mass[w]?.[i] as number) / 2;
      best[v] = (best[v] as number) + (mass[v]?.[i] as number) * others;
    }
    for (let w = 0; w < mass.length; w++) below[w] = (below[w] as number) + (mass[w]?.[i] as number);
  }
  const total = best.reduce((sum, p) => sum + p, 0);
  return best.map((p) => p / total);
}

/**
 * Views still needed, about: the size of a test that tells the two leading
 * rates apart (95 %, power 80 %), or a lift of SMALLEST_LIFT where they are
 * closer than that, less the views so far; rounded to two figures.
 */
export function viewsStillNeeded(tallies: readonly VariantTally[]): number {
  const tidied = tallies.map(tidy);
  const views = tidied.reduce((sum, t) => sum + t.n, 0);
  const requests = tidied.reduce((sum, t) => sum + t.k, 0);
  const pooled = (requests + 1) / (views + 2);
  const rates = tidied.map(({ n, k }) => (k + 1) / (n + 2)).sort((x, y) => y - x);
  const [first = pooled, second = pooled] = rates;
  const gap = Math.max(first - second, SMALLEST_LIFT * pooled);
  const p1 = Math.min(0.999, second + gap);
  const perVariant = ((Z_TEST + Z_POWER) ** 2 * (second * (1 - second) + p1 * (1 - p1))) / gap ** 2;
  const still = Math.max(MIN_VIEWS * tallies.length - views, Math.ceil(perVariant * tallies.length - views));
  return roundTwoFigures(Math.max(0, still));
}

function roundTwoFigures(n: number): number {
  if (n < 100) return Math.ceil(n / 10) * 10;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.ceil(n / unit) * unit;
}

/** The verdict on a test's tallies, one per variant (A first). */
/** `letters`: the variants' letters in the order of `tallies` (А, В when Б has left the test); А, Б, В by default. */
export function judge(tallies: readonly VariantTally[], letters?: readonly string[]): Verdict {
  const best = probabilityBest(tallies);
  const enough = tallies.every((t) => tidy(t).n >= MIN_VIEWS);
  const leader = best.indexOf(Math.max(...best));
  if (enough && leader !== -1 && (best[leader] as number) >= DECISIVE) {
    const percent = Math.min(99, Math.floor((best[leader] as number) * 100));
    const word = tallies.length === 2 ? "лучше" : "лучший";
    const name = letters?.[leader] ? `Вариант ${letters[leader]}` : variantName(leader);
    return { best, winner: leader, moreViews: null, text: `${name} ${word} с\u00a0вероятностью ${percent}\u00a0%` };
  }
  const moreViews = Math.max(viewsStillNeeded(tallies), 10);
  return { best, winner: null, moreViews, text: `Пока рано судить: нужно ещё около ${counted(moreViews, ["просмотра", "просмотров", "просмотров"])}` };
}
