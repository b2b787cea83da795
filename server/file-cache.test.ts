import { describe, expect, it } from "vitest";
import { createFileCache } from "./file-cache.ts";

const bytes = (n: number) => Buffer.alloc(n);

describe("file cache", () => {
  it("keeps files up to its size, dropping the least recently used first", () => {
    const cache = createFileCache(1_600);
    cache.set("a", bytes(100));
    cache.set("b", bytes(100));
    cache.get("a");
    for (let i = 0; i < 14; i++) cache.set(`f${i}`, bytes(100));
    // 16 files of 100 bytes fit; "b" was used least recently.
    expect(cache.size).toBe(1_600);
    cache.set("c", bytes(100));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.size).toBeLessThanOrEqual(1_600);
  });

  it("never keeps a file larger than a sixteenth of it", () => {
    const cache = createFileCache(1_600);
    cache.set("big", bytes(101));
    expect(cache.get("big")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("holds nothing when its size is zero", () => {
    const cache = createFileCache(0);
    cache.set("a", bytes(1));
    expect(cache.get("a")).toBeUndefined();
  });
});
