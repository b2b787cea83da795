import { performance } from "node:perf_hooks";
import type { Logger } from "../log.ts";

/**
 * Loading a release parses its tables (7 MB of JSON at 5,000 articles) into objects that live
 * beside the ones kept; once dropped they leave V8's old generation full of holes, and V8 gives a
 * page back to the system only when nothing on it lives. Nothing else in a resting process runs a
 * collection that compacts: the site's process at 5,000 articles rested at 117 MB, 10 MB of its
 * heap garbage and 10 MB more in holes (decision 012, addendum of 2026-11-30). One collection of
 * the kind V8 runs under memory pressure (several mark-compacts, moving objects off sparse pages)
 * brings it to 99 MB; it takes 100–250 ms of the event loop at that size, so it runs before the
 * server listens and, after a switch, when nothing has been asking for the event loop.
 */

/** V8's collector, present when node runs with --expose-gc (npm start, the image). */
type Collect = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

export function collector(): (() => void) | null {
  const gc = (globalThis as { gc?: Collect }).gc;
  return typeof gc === "function" ? () => gc({ type: "major", execution: "sync", flavor: "last-resort" }) : null;
}

/** Compacts the heap now; the milliseconds it took, or null without a collector. */
export function compactHeap(collect = collector()): number | null {
  if (!collect) return null;
  const started = performance.now();
  collect();
  return performance.now() - started;
}

export type QuietCompaction = {
  /** Asks for a compaction at the next quiet moment (a second request before it runs adds nothing). */
  request(reason: string): void;
  stop(): void;
};

export type QuietOptions = {
  log: Logger;
  collect?: (() => void) | null;
  /** Whether the event loop was busy since the last look (visitors' requests, a render). */
  busy?: () => boolean;
  everyMs?: number;
  /** A busy site allocates, and its own collections follow: no need to wait for a pause forever. */
  giveUpAfterMs?: number;
};

/** The event loop's use since the last call, over 5 %: something was being served. */
function loopBusy(): () => boolean {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization > 0.05;
    last = now;
    return busy;
  };
}

export function quietCompaction(options: QuietOptions): QuietCompaction {
  const { log, collect = collector(), everyMs = 1_000, giveUpAfterMs = 60_000 } = options;
  const busy = options.busy ?? loopBusy();
  let timer: NodeJS.Timeout | undefined;
  let waited = 0;
  let reason = "";
  const look = () => {
    timer = undefined;
    if (busy()) {
      waited += everyMs;
      if (waited < giveUpAfterMs) timer = setTimeout(look, everyMs).unref();
      else log.info("heap not compacted: no quiet moment", { reason, waitedMs: waited });
      return;
    }
    const ms = compactHeap(collect);
    if (ms !== null) log.info("heap compacted", { reason, ms: Math.round(ms) });
  };
  return {
    request(why) {
      if (!collect) return;
      reason = why;
      waited = 0;
      if (timer === undefined) {
        busy(); // the loop's use counts from now
        timer = setTimeout(look, everyMs).unref();
      }
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
