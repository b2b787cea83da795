/**
 * `npm run bench:trace`: what blocks the main thread, from Lighthouse's own
 * trace. For each template, one Lighthouse run (as `npm run bench` runs it)
 * on the page and one on its zero-JS copy: the LCP element, an estimate of
 * blocking time from thread time, and every main-thread task after first
 * paint that counts towards TBT once simulated (4× CPU: 12.5 ms of wall or
 * thread time and more), with what ran inside it: script evaluation by
 * function and file, style and layout, parsing, garbage collection. Last, what
 * Chromium's other busy threads took in the same seconds: on a two-core host
 * they share the cores with the page's thread, which stretches its tasks'
 * wall time, the time Lighthouse simulates.
 *
 *   npm run bench:trace [-- --min MS] [/path …]
 *
 * Reads the live release (run `npm run build && npm run publish` first).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { Trace } from "lighthouse";
import { MainThreadTasks } from "lighthouse/core/computed/main-thread-tasks.js";
import { MAIN_RELEASES } from "../../tests/support/releases.ts";
import { runLighthouse, startChromium } from "./lighthouse.ts";
import { startSite } from "./support.ts";
import { benchTemplates, zeroJsReleases } from "./zero-js.ts";

const args = process.argv.slice(2);
const minIndex = args.indexOf("--min");
/** Real milliseconds: at Lighthouse's 4× CPU a task of 12.5 ms is 50 ms, where blocking time starts. */
const minMs = minIndex === -1 ? 12.5 : Number(args[minIndex + 1]);
const only = args.filter((a) => a.startsWith("/"));
const templates = benchTemplates().filter((t) => only.length === 0 || only.includes(t.path));

type TaskNode = Awaited<ReturnType<typeof MainThreadTasks.request>>[number];

/** Self time below a task, by what the trace calls it (a script's function and file where it names one). */
function breakdown(task: TaskNode, into = new Map<string, number>()): Map<string, number> {
  const data = (task.event.args as { data?: { functionName?: string; url?: string; stackTrace?: Array<{ functionName?: string; url?: string }> } }).data;
  const frame = data?.stackTrace?.[0] ?? data;
  const file = frame?.url ? frame.url.replace(/^.*\//, "") : "";
  const label = task.event.name + (frame?.functionName || file ? ` ${frame?.functionName || "(anonymous)"}${file ? `@${file}` : ""}` : "");
  into.set(label, (into.get(label) ?? 0) + task.selfTime);
  for (const child of task.children) breakdown(child, into);
  return into;
}

async function tasksOf(trace: Trace, fcpTs: number) {
  const tasks = await MainThreadTasks.request(trace, { computedCache: new Map() } as never);
  return tasks.filter((t) => !t.parent && t.event.ts >= fcpTs);
}

/**
 * Blocking time as Lighthouse simulates it (each task's time × 4, less 50 ms), but from thread
 * time instead of wall time: what the other processes of a busy machine take from the page's
 * thread stays out, so this estimate moves far less with the load than Lighthouse's TBT.
 */
const threadBlocking = (tasks: TaskNode[]) => tasks.reduce((sum, t) => sum + Math.max(0, 4 * threadMs(t) - 50), 0);

/** A task's thread time (the trace's `tdur`, µs), in ms; its wall time where the trace has none. */
const threadMs = (task: TaskNode) => ((task.event as { tdur?: number }).tdur ?? task.duration * 1000) / 1000;

/** CPU time of Chromium's busiest threads other than the page's own, in the 2 s after `fromTs`: what competed with it for the cores. */
function otherThreads(trace: Trace, fromTs: number): Array<[string, number]> {
  type Event = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } };
  const events = trace.traceEvents as unknown as Event[];
  const label = new Map<string, string>();
  const process = new Map<number, string>();
  for (const e of events) {
    if (e.name === "thread_name") label.set(`${e.pid}:${e.tid}`, e.args?.name ?? "");
    if (e.name === "process_name") process.set(e.pid, e.args?.name ?? "");
  }
  const busy = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== "X" || e.ts < fromTs || e.ts > fromTs + 2_000_000 || !/^(RunTask|ThreadControllerImpl::RunTask|ThreadPool_RunTask)$/.test(e.name)) continue;
    const name = `${process.get(e.pid) ?? e.pid} ${label.get(`${e.pid}:${e.tid}`) ?? e.tid}`;
    if (name === "Renderer CrRendererMain") continue;
    busy.set(name, (busy.get(name) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
  }
  return [...busy].sort((a, b) => b[1] - a[1]).slice(0, 3);
}

/** The first element a Lighthouse audit's details name (the LCP insight names the LCP element). */
function findNode(value: unknown): { selector?: string; snippet?: string } | null {
  if (!value || typeof value !== "object") return null;
  if ((value as { type?: string }).type === "node") return value as { selector?: string; snippet?: string };
  for (const child of Object.values(value)) {
    const found = findNode(child);
    if (found) return found;
  }
  return null;
}

const work = mkdtempSync(join(tmpdir(), "bench-trace-"));
const zeroReleases = zeroJsReleases(work, templates.map((t) => t.path));
const env = { RATE_LIMIT_PER_MINUTE: "0", LOG_LEVEL: "warn", DATA_DIR: join(work, "data") };
const site = await startSite(work, { ...env, RELEASES_DIR: MAIN_RELEASES });
const zeroJs = await startSite(work, { ...env, DATA_DIR: join(work, "data-zero"), RELEASES_DIR: zeroReleases });
const chrome = await startChromium(work);
try {
  for (const { path } of templates) {
    for (const [copy, base] of [["ours", site.url], ["zero-JS", zeroJs.url]] as const) {
      const { lhr, trace } = await runLighthouse(base + path, chrome.port);
      const metrics = (lhr.audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)?.items?.[0] ?? {};
      const navStart = metrics.observedTimeOriginTs ?? 0;
      const fcpTs = metrics.observedFirstContentfulPaintTs ?? 0;
      const at = (ts: number) => Math.round((ts - navStart) / 1000);
      console.log(
        `\n${path} ${copy}: TBT ${Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0)} ms, ` +
          `LCP ${Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0)} ms (simulated); ` +
          `observed FCP ${at(fcpTs)} ms, LCP ${at(metrics.observedLargestContentfulPaintTs ?? 0)} ms, load ${at(metrics.observedLoadTs ?? 0)} ms; load average ${(loadavg()[0] ?? 0).toFixed(1)}`,
      );
      const lcpNode = findNode(lhr.audits["lcp-breakdown-insight"]?.details);
      if (lcpNode) console.log(`  LCP element: ${lcpNode.selector ?? ""} ${(lcpNode.snippet ?? "").slice(0, 120)}`);
      // Lighthouse's own list: in simulated throttling, each task's simulated start and duration (4× CPU, 2× for a
      // task that laid out), attributed to a script where it can: what its TBT is made of.
      const longTasks = (lhr.audits["long-tasks"]?.details as { items?: Array<{ url?: string; startTime?: number; duration?: number }> } | undefined)?.items ?? [];
      for (const item of longTasks) {
        console.log(`  simulated long task at ${Math.round(item.startTime ?? 0)} ms: ${Math.round(item.duration ?? 0)} ms, ${(item.url ?? "").replace(/^https?:\/\/[^/]+/, "")}`);
      }
      const tasks = await tasksOf(trace, fcpTs);
      console.log(`  blocking time from thread time (×4 − 50 ms, after first paint): ${Math.round(threadBlocking(tasks))} ms`);
      // Lighthouse simulates from wall time, which a busy host stretches: a task is listed when either reaches the threshold.
      for (const task of tasks.filter((t) => Math.max(t.duration, threadMs(t)) >= minMs)) {
        const parts = [...breakdown(task)].filter(([, ms]) => ms >= 0.5).sort((a, b) => b[1] - a[1]).slice(0, 8);
        // Thread time leaves out what the machine's other processes took from this one: on a busy host it is the steadier figure.
        console.log(`  at ${at(task.event.ts)} ms: ${task.duration.toFixed(1)} ms, thread time ${threadMs(task).toFixed(1)} ms`);
        for (const [label, ms] of parts) console.log(`      ${ms.toFixed(1).padStart(6)} ms  ${label}`);
      }
      const others = otherThreads(trace, fcpTs);
      console.log(`  other threads' CPU time in the 2 s after first paint: ${others.map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(", ")}`);
    }
  }
} finally {
  chrome.stop();
  await site.stop();
  await zeroJs.stop();
  rmSync(work, { recursive: true, force: true });
}
