import { describe, expect, it } from "vitest";
import { admitOne, PREFETCH_SLOTS, PrefetchQueue } from "./prefetch-queue.ts";

describe("PrefetchQueue", () => {
  it("runs at most 4 targets at once and starts the next when one is done", () => {
    expect(PREFETCH_SLOTS).toBe(4);
    const queue = new PrefetchQueue(PREFETCH_SLOTS);
    for (let i = 1; i <= 6; i += 1) queue.request(`/p${i}/`);
    expect(queue.active()).toEqual(["/p1/", "/p2/", "/p3/", "/p4/"]);
    queue.done("/p2/");
    expect(queue.active()).toEqual(["/p1/", "/p3/", "/p4/", "/p5/"]);
    queue.done("/p1/");
    queue.done("/p3/");
    expect(queue.active()).toEqual(["/p4/", "/p5/", "/p6/"]);
  });

  it("prefetches a target once", () => {
    const queue = new PrefetchQueue(4);
    queue.request("/a/");
    queue.done("/a/");
    queue.request("/a/");
    expect(queue.active()).toEqual([]);
  });

  it("tells its listener about every change, with a new array", () => {
    let changes = 0;
    const queue = new PrefetchQueue(1, () => (changes += 1));
    const before = queue.active();
    queue.request("/a/");
    queue.request("/b/");
    expect(changes).toBe(1);
    expect(queue.active()).not.toBe(before);
    queue.done("/a/");
    expect(changes).toBe(2);
    expect(queue.active()).toEqual(["/b/"]);
    queue.done("/zzz/");
    expect(changes).toBe(2);
  });
});

describe("admitOne", () => {
  it("mounts one new slot per step, drops finished ones at once, and keeps the array when nothing changes", () => {
    let shown: readonly string[] = [];
    const active = ["/a/", "/b/", "/c/"];
    shown = admitOne(shown, active);
    expect(shown).toEqual(["/a/"]);
    shown = admitOne(shown, active);
    expect(shown).toEqual(["/a/", "/b/"]);
    shown = admitOne(shown, active);
    expect(shown).toEqual(["/a/", "/b/", "/c/"]);
    expect(admitOne(shown, active)).toBe(shown);
    shown = admitOne(shown, ["/c/", "/d/"]);
    expect(shown).toEqual(["/c/", "/d/"]);
    expect(admitOne(shown, [])).toEqual([]);
  });
});
