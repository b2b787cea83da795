import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Logger } from "../log.ts";
import { compactHeap, quietCompaction } from "./heap.ts";

function recordingLog() {
  const lines: Array<{ msg: string; reason?: unknown }> = [];
  const record = (msg: string, fields: Record<string, unknown> = {}) => lines.push({ msg, ...fields });
  const log: Logger = { request: () => undefined, info: record, warn: record, error: record, flush: () => undefined };
  return { log, lines };
}

describe("compacting the heap after a release is loaded", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("waits for a second in which the event loop was quiet, then compacts once", () => {
    const collect = vi.fn();
    const { log, lines } = recordingLog();
    const busyFor = [true, true, true];
    const compaction = quietCompaction({ log, collect, busy: () => busyFor.shift() ?? false });
    compaction.request("release switched");
    compaction.request("release switched"); // a second switch before it ran: still one
    vi.advanceTimersByTime(2_000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(collect).toHaveBeenCalledTimes(1);
    expect(lines.filter((l) => l.msg === "heap compacted")).toEqual([expect.objectContaining({ reason: "release switched" })]);
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it("gives up on a site that never rests (its own collections follow its allocations)", () => {
    const collect = vi.fn();
    const { log, lines } = recordingLog();
    quietCompaction({ log, collect, busy: () => true, giveUpAfterMs: 10_000 }).request("release switched");
    vi.advanceTimersByTime(30_000);
    expect(collect).not.toHaveBeenCalled();
    expect(lines.map((l) => l.msg)).toContain("heap not compacted: no quiet moment");
  });

  it("does nothing when stopped, or when node runs without --expose-gc", () => {
    const collect = vi.fn();
    const { log } = recordingLog();
    const compaction = quietCompaction({ log, collect, busy: () => false });
    compaction.request("release switched");
    compaction.stop();
    vi.advanceTimersByTime(5_000);
    expect(collect).not.toHaveBeenCalled();
    expect(compactHeap(null)).toBeNull();
    const withoutCollector = quietCompaction({ log, collect: null, busy: () => false });
    withoutCollector.request("release switched");
    expect(vi.getTimerCount()).toBe(0);
  });
});
