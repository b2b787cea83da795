import { describe, expect, it } from "vitest";
import type { JudgedQuery } from "./judged.ts";
import { ndcg, score } from "./metrics.ts";

const judged = (pages: string[], navigational = true, related: string[] = []): JudgedQuery => ({ query: "q", navigational, pages, related });

describe("relevance measures", () => {
  it("counts success at 1 for navigational queries only, success at 3 and the reciprocal rank for all", () => {
    const s = score([
      { judged: judged(["/a/"]), results: ["/a/", "/b/"] },
      { judged: judged(["/a/"]), results: ["/b/", "/c/", "/a/"] },
      { judged: judged(["/a/"], false), results: ["/b/", "/a/"] },
      { judged: judged(["/a/"], false), results: ["/b/", "/c/", "/d/", "/a/"] },
    ]);
    expect(s).toMatchObject({ navigational: 2, successAt1: 0.5, successAt3: 0.75, queries: 4 });
    expect(s.mrr).toBeCloseTo((1 + 1 / 3 + 1 / 2 + 1 / 4) / 4);
  });

  it("gives nDCG 1 to the ideal order and less as the answer moves down or a related page leads", () => {
    const q = judged(["/a/"], true, ["/r/"]);
    expect(ndcg(q, ["/a/", "/r/"])).toBe(1);
    expect(ndcg(q, ["/r/", "/a/"])).toBeLessThan(1);
    expect(ndcg(q, ["/x/", "/y/", "/a/"])).toBeLessThan(ndcg(q, ["/r/", "/a/"]));
    expect(ndcg(q, [])).toBe(0);
  });
});
