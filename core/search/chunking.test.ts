import { describe, expect, it } from "vitest";
import { cut } from "./chunking.ts";

const entries = (keys: string[]) => keys.map((key) => ({ key, bytes: 40 }));
const words = Array.from({ length: 3000 }, (_, i) => `слово${i.toString(36).padStart(4, "0")}`).sort();
const cutting = { minBytes: 2_000, maxBytes: 8_000, spread: 64 };
const runs = (keys: string[]) => cut(entries(keys), cutting).map((run) => run.map((e) => e.key).join(" "));

describe("content-defined cutting", () => {
  it("keeps every key once, in order, within the size limits", () => {
    const cutRuns = cut(entries(words), cutting);
    expect(cutRuns.flat().map((e) => e.key)).toEqual(words);
    for (const run of cutRuns.slice(0, -1)) expect(run.length * 40).toBeGreaterThanOrEqual(cutting.minBytes);
    for (const run of cutRuns) expect(run.length * 40).toBeLessThanOrEqual(cutting.maxBytes);
  });

  it("changes only the run a new key lands in (or the one after it) when a key is inserted", () => {
    const before = runs(words);
    const inserted = [...words, "слово0zzz"].sort();
    const after = runs(inserted);
    const changed = after.filter((run) => !before.includes(run));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThanOrEqual(2);
    expect(before.length).toBeGreaterThan(20);
  });
});
