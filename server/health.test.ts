import { describe, expect, it } from "vitest";
import { createReadiness } from "./health.ts";

describe("createReadiness", () => {
  it("is ready with no checks, and while every check passes", async () => {
    const readiness = createReadiness({ cacheMs: 0 });
    expect(await readiness.run()).toEqual({ ready: true, checks: {} });
    readiness.register("database", async () => "pong");
    expect(await readiness.run()).toEqual({ ready: true, checks: { database: "ok" } });
  });

  it("is not ready when a check throws or is too slow, and says which", async () => {
    const failures: string[] = [];
    const readiness = createReadiness({ cacheMs: 0, timeoutMs: 50, onFailure: (name) => failures.push(name) });
    readiness.register("database", () => {
      throw new Error("connection refused");
    });
    readiness.register("queue", () => new Promise((resolve) => setTimeout(resolve, 1_000)));
    readiness.register("cache", () => undefined);
    expect(await readiness.run()).toEqual({ ready: false, checks: { database: "failed", queue: "timed out", cache: "ok" } });
    expect(failures.sort()).toEqual(["database", "queue"]);
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
