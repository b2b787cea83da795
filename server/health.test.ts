import { describe, expect, it, vi } from "vitest";
import { createReadiness } from "./health.ts";

describe("createReadiness", () => {
  it("is ready with no checks, and while every check passes", async () => {
    const readiness = createReadiness({ cacheMs: 0 });
    expect(await readiness.run()).toEqual({ ready: true, checks: {} });
    readiness.register("database", async () => "pong");
    expect(await readiness.run()).toEqual({ ready: true, checks: { database: "ok" } });
  });

  it("is not ready when a check throws or is too slow, and says which", async () => {
    // The check's time limit passes on the test's clock, not the wall's.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const failures: string[] = [];
      const readiness = createReadiness({ cacheMs: 0, timeoutMs: 2_000, onFailure: (name) => failures.push(name) });
      readiness.register("database", () => {
        throw new Error("connection refused");
      });
      readiness.register("queue", () => new Promise(() => {}));
      readiness.register("cache", () => undefined);
      const report = readiness.run();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await report).toEqual({ ready: false, checks: { database: "failed", queue: "timed out", cache: "ok" } });
      expect(failures.sort()).toEqual(["database", "queue"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reuses a result for as long as the cache lasts, by the time it is given", async () => {
    let calls = 0;
    let now = 0;
    const readiness = createReadiness({ cacheMs: 1_000, now: () => now });
    readiness.register("database", () => (calls += 1));
    await readiness.run();
    now = 999;
    await readiness.run();
    expect(calls).toBe(1);
    now = 1_000;
    await readiness.run();
    expect(calls).toBe(2);
  });

  it("reuses a result for a moment, so probes cannot flood a dependency", async () => {
    let calls = 0;
    const readiness = createReadiness({ cacheMs: 60_000 });
    readiness.register("database", () => (calls += 1));
    await Promise.all([readiness.run(), readiness.run(), readiness.run()]);
    expect(calls).toBe(1);
  });

  it("refuses a name registered twice", () => {
    const readiness = createReadiness();
    readiness.register("database", () => undefined);
    expect(() => readiness.register("database", () => undefined)).toThrow(/twice/);
  });
});
