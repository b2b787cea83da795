import { describe, expect, it } from "vitest";
import { judge, probabilityBest, viewsStillNeeded } from "./verdict.ts";

/** P(B's rate > A's) by the normal approximation: close to the exact figure at these sizes. */
function normalApproximation(a: { views: number; requests: number }, b: { views: number; requests: number }): number {
  const moments = ({ views, requests }: { views: number; requests: number }) => {
    const alpha = 1 + requests;
    const beta = 1 + views - requests;
    return { mean: alpha / (alpha + beta), variance: (alpha * beta) / ((alpha + beta) ** 2 * (alpha + beta + 1)) };
  };
  const x = moments(a);
  const y = moments(b);
  const z = (y.mean - x.mean) / Math.sqrt(x.variance + y.variance);
  // Φ(z) through erf's series-free approximation (Abramowitz–Stegun 7.1.26), error below 1.5e-7.
  const t = 1 / (1 + 0.3275911 * (Math.abs(z) / Math.SQRT2));
  const erf = 1 - t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) * Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

describe("the probability that a variant is best", () => {
  it("is even for even tallies, sums to 1 and leans to the better rate", () => {
    const even = probabilityBest([
      { views: 500, requests: 25 },
      { views: 500, requests: 25 },
    ]);
    expect(even[0]).toBeCloseTo(0.5, 3);
    expect(even[1]).toBeCloseTo(0.5, 3);
    const three = probabilityBest([
      { views: 300, requests: 10 },
      { views: 300, requests: 20 },
      { views: 300, requests: 15 },
    ]);
    expect(three.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
    expect(three[1]).toBeGreaterThan(three[2] as number);
    expect(three[2]).toBeGreaterThan(three[0] as number);
  });

  it("agrees with the normal approximation where that holds, from a few hundred views to a hundred thousand", () => {
    for (const [a, b] of [
      [{ views: 1_000, requests: 100 }, { views: 1_000, requests: 130 }],
      [{ views: 400, requests: 12 }, { views: 400, requests: 20 }],
      [{ views: 100_000, requests: 3_000 }, { views: 100_000, requests: 3_100 }],
    ] as const) {
      expect(probabilityBest([a, b])[1]).toBeCloseTo(normalApproximation(a, b), 2);
    }
  });

  it("takes odd tallies without NaN: nothing yet, more requests than views, negative numbers", () => {
    for (const tallies of [
      [{ views: 0, requests: 0 }, { views: 0, requests: 0 }],
      [{ views: 5, requests: 9 }, { views: -3, requests: -1 }],
      [{ views: 10, requests: 10 }, { views: 10, requests: 0 }],
    ]) {
      const best = probabilityBest(tallies);
      expect(best.every(Number.isFinite)).toBe(true);
      expect(best.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
    }
  });
});

describe("the verdict in words", () => {
  it("names the better variant once it is so with 95 % or more", () => {
    const verdict = judge([
      { views: 1_000, requests: 100 },
      { views: 1_000, requests: 135 },
    ]);
    expect(verdict.winner).toBe(1);
    expect(verdict.text).toMatch(/^Вариант Б лучше с\u00a0вероятностью (9[5-9])\u00a0%$/);
    expect(judge([{ views: 900, requests: 10 }, { views: 900, requests: 12 }, { views: 900, requests: 45 }]).text).toMatch(/^Вариант В лучший с\u00a0вероятностью/);
  });

  it("says it is too early, and about how many more views it needs, while it is", () => {
    const early = judge([
      { views: 40, requests: 2 },
      { views: 40, requests: 3 },
    ]);
    expect(early.winner).toBeNull();
    expect(early.text).toMatch(/^Пока рано судить: нужно ещё около [\d\u00a0]+\u00a0просмотров$/);
    // Fewer views needed as the gap between the rates grows.
    const close = viewsStillNeeded([{ views: 500, requests: 50 }, { views: 500, requests: 55 }]);
    const apart = viewsStillNeeded([{ views: 500, requests: 50 }, { views: 500, requests: 80 }]);
    expect(close).toBeGreaterThan(apart);
    // A lucky start decides nothing: 100 views of each at least.
    expect(judge([{ views: 20, requests: 0 }, { views: 20, requests: 9 }]).winner).toBeNull();
    const nothing = judge([{ views: 0, requests: 0 }, { views: 0, requests: 0 }]);
    expect(nothing.winner).toBeNull();
    expect(nothing.moreViews).toBeGreaterThanOrEqual(200);
  });
});
