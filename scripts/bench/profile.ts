/**
 * `npm run bench:profile`: which functions make the long tasks after the first
 * paint. Loads each page in Chromium slowed down 4× (Lighthouse's simulated
 * CPU, here applied for real), records V8's sampling profiler, and for every
 * long task after first contentful paint (50 ms and more at 4×, what TBT
 * counts) lists the functions it spent its time in, callers included.
 * Lighthouse's own trace (`npm run bench:trace`) says which tasks count; this
 * says what is inside them, down to the framework's functions (their names
 * read best from a build with `build.minify` off).
 *
 *   npm run bench:profile [-- --runs N] [--top N] [/path …]
 *
 * Reads the live release (run `npm run build && npm run publish` first).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchBrowser } from "../../tests/support/browser.ts";
import { MAIN_RELEASES } from "../../tests/support/releases.ts";
import { startSite } from "./support.ts";
import { benchTemplates } from "./zero-js.ts";

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf("--runs") + 1] ?? 0) || 1;
const only = args.filter((a) => a.startsWith("/"));
const paths = only.length > 0 ? only : benchTemplates().map((t) => t.path);
/** How long a page is watched after its load event: the app starts, hydrates and prefetches in it. */
const WATCH_MS = 6_000;
/** How many functions are listed per long task (`--top`). */
const TOP = Number(args[args.indexOf("--top") + 1] ?? 0) || 12;

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** Long tasks (start and duration, page time) and the first contentful paint, recorded by the page itself. */
function watchLongTasks() {
  const tasks: number[][] = [];
  Object.assign(window, { longTasks: tasks });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
  // A marker the profile can find, to put its clock on the page's: a function busy for 3 ms, named.
  setTimeout(function profileClockMarker() {
    const start = performance.now();
    while (performance.now() - start < 3);
    Object.assign(window, { markerAt: start });
  }, 0);
}

const work = mkdtempSync(join(tmpdir(), "bench-profile-"));
const site = await startSite(work, { RATE_LIMIT_PER_MINUTE: "0", LOG_LEVEL: "warn", DATA_DIR: join(work, "data"), RELEASES_DIR: MAIN_RELEASES });
const browser = await launchBrowser();
try {
  for (const path of paths) {
    for (let run = 1; run <= runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 360, height: 800 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.addInitScript(watchLongTasks);
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
      await cdp.send("Profiler.start");
      await page.goto(site.url + path, { waitUntil: "load" });
      await page.waitForTimeout(WATCH_MS);
      const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
      const { tasks, fcp, markerAt } = await page.evaluate(() => ({
        tasks: (window as unknown as { longTasks: number[][] }).longTasks,
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
        markerAt: (window as unknown as { markerAt?: number }).markerAt ?? 0,
      }));
      await context.close();

      const after = tasks.filter(([start]) => (start ?? 0) >= fcp);
      const blocking = after.reduce((sum, [, duration]) => sum + Math.max(0, (duration ?? 0) - 50), 0);
      console.log(`\n${path} (run ${run}): first contentful paint ${Math.round(fcp)} ms, ${after.length} long tasks after it, blocking ${Math.round(blocking)} ms at 4× CPU`);

      const byId = new Map(profile.nodes.map((node) => [node.id, node]));
      const parentOf = new Map<number, number>();
      for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
      const label = (id: number) => {
        const frame = byId.get(id)?.callFrame;
        return frame ? `${frame.functionName || "(anonymous)"}@${frame.url.replace(/^.*\//, "")}:${frame.lineNumber + 1}` : "?";
      };
      // Sample times (ms on the profile's clock) and the time each stands for (until the next sample).
      let clock = 0;
      const samples = profile.samples.map((id, i) => ({ id, at: (clock += profile.timeDeltas[i] ?? 0) / 1000, weight: (profile.timeDeltas[i + 1] ?? 0) / 1000 }));
      const marker = samples.find((sample) => byId.get(sample.id)?.callFrame.functionName === "profileClockMarker");
      if (!marker) {
        console.log("  (the profile has no clock marker: tasks listed without their functions)");
        for (const [start, duration] of after) console.log(`  at ${Math.round(start ?? 0)} ms: ${Math.round(duration ?? 0)} ms`);
        continue;
      }
      const offset = marker.at - markerAt;
      for (const [start = 0, duration = 0] of after) {
        const inclusive = new Map<string, number>();
        for (const sample of samples) {
          if (sample.at < start + offset || sample.at > start + duration + offset) continue;
          const seen = new Set<string>();
          for (let id: number | undefined = sample.id; id !== undefined; id = parentOf.get(id)) {
            const name = label(id);
            if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + sample.weight);
            seen.add(name);
          }
        }
        console.log(`  at ${Math.round(start)} ms: ${Math.round(duration)} ms`);
        const top = [...inclusive].filter(([name]) => !/^\((root|program|idle)\)/.test(name)).sort((a, b) => b[1] - a[1]).slice(0, TOP);
        for (const [name, ms] of top) console.log(`      ${ms.toFixed(1).padStart(6)} ms  ${name}`);
      }
    }
  }
} finally {
  await browser.close();
  await site.stop();
  rmSync(work, { recursive: true, force: true });
}
