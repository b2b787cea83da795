import { describe, expect, it } from "vitest";
import { UPDATE_POLL_MS } from "./build-info.ts";
import { startUpdatePolling } from "./build-updates.ts";

/** A manual scheduler: `tick()` runs what is due, in order. */
function scheduler() {
  const queue: Array<{ run: () => void; ms: number }> = [];
  return {
    schedule: (run: () => void, ms: number) => queue.push({ run, ms }),
    delays: () => queue.map((entry) => entry.ms),
    async tick() {
      const next = queue.shift();
      next?.run();
      // Let the check's fetch settle.
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
    },
    pending: () => queue.length,
  };
}

describe("startUpdatePolling", () => {
  it("first checks an hour after start and then hourly while the build is the same", async () => {
    const clock = scheduler();
    let checks = 0;
    startUpdatePolling({
      runningId: "a",
      schedule: clock.schedule,
      fetchLatest: async () => {
        checks += 1;
        return { id: "a", timestamp: 1 };
      },
      onNewBuild: () => expect.fail("same build"),
    });
    expect(checks).toBe(0);
    expect(clock.delays()).toEqual([UPDATE_POLL_MS]);
    await clock.tick();
    await clock.tick();
    expect(checks).toBe(2);
    expect(clock.delays()).toEqual([3_600_000]);
  });

  it("reports a new id once and stops", async () => {
    const clock = scheduler();
    const seen: string[] = [];
    startUpdatePolling({
      runningId: "a",
      schedule: clock.schedule,
      fetchLatest: async () => ({ id: "b", timestamp: 2 }),
      onNewBuild: (latest) => seen.push(latest.id),
    });
    await clock.tick();
    expect(seen).toEqual(["b"]);
    expect(clock.pending()).toBe(0);
  });

  it("ignores failed checks and keeps polling", async () => {
    const clock = scheduler();
    let calls = 0;
    startUpdatePolling({
      runningId: "a",
      schedule: clock.schedule,
      fetchLatest: async () => {
        calls += 1;
        throw new Error("offline");
      },
      onNewBuild: () => expect.fail("no build"),
    });
    await clock.tick();
    await clock.tick();
    expect(calls).toBe(2);
    expect(clock.pending()).toBe(1);
  });
});
