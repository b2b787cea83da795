import { describe, expect, it } from "vitest";
import { keepRecent } from "./recent.ts";

describe("keepRecent", () => {
  it("keeps the newest entries, a stored key counting as new again", () => {
    const map = new Map<string, number>();
    for (const [key, value] of [["a", 1], ["b", 2], ["a", 3], ["c", 4]] as const) keepRecent(map, key, value, 2);
    expect([...map]).toEqual([["a", 3], ["c", 4]]);
  });
});
