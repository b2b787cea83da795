/**
 * `npm run bench`: the performance budgets of docs/performance.md, measured.
 *
 * Builds the code (timed) and publishes a release (`npm run publish`: pages
 * are rendered by releases, decision 019), serves the live release, and for
 * each page template: the bytes it loads by type (raw and brotli), then
 * Lighthouse (mobile, simulated throttling, 360 px wide) five times on the
 * page and five times on its zero-JS copy (the same HTML with every script
 * and module preload removed, served by a second instance of the same server
 * from a copy of the release), alternating, so both are measured side by
 * side in one run. Medians go into docs/performance.md between its bench
 * markers, with the date, the machine and the load average, and the TBT the
 * app adds (ours minus zero-JS) as a column of its own.
 *
 *   npm run bench [-- --no-build] [--runs N] [/path …]
 *
 * Needs Debian's Chromium. About half an hour on a 2-core machine.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, uptime } from "node:os";
import { join } from "node:path";
import { launchBrowser } from "../../tests/support/browser.ts";
import { pageWeight, type Weight } from "../../tests/support/page-weight.ts";
import { MAIN_RELEASES } from "../../tests/support/releases.ts";
import { type Audit, chromiumVersion, lighthouseVersion, runLighthouse, startChromium } from "./lighthouse.ts";
import { startSite } from "./support.ts";
import { benchTemplates, median, zeroJsReleases } from "./zero-js.ts";

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf("--runs") + 1] ?? 0) || 5;
const only = args.filter((a) => a.startsWith("/"));
const templates = benchTemplates().filter((t) => only.length === 0 || only.includes(t.path));
const DOC = "docs/performance.md";

// 1. Build, timed; then a release of the content with that code (seconds when nothing changed).
let buildSeconds: number | null = null;
if (!args.includes("--no-build")) {
  const started = performance.now();
  const build = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("npm run build failed");
  buildSeconds = (performance.now() - started) / 1000;
  console.log(`build: ${buildSeconds.toFixed(1)} s`);
}
const release = spawnSync("npm", ["run", "publish"], { stdio: ["ignore", "ignore", "inherit"] });
if (release.status !== 0) throw new Error("npm run publish failed");

// 2. The live release, and its zero-JS copy served by a second server of the same build.
const work = mkdtempSync(join(tmpdir(), "bench-perf-"));
const zeroReleases = zeroJsReleases(work, templates.map((t) => t.path));
const env = { RATE_LIMIT_PER_MINUTE: "0", LOG_LEVEL: "warn", DATA_DIR: join(work, "data") };
const site = await startSite(work, { ...env, RELEASES_DIR: MAIN_RELEASES });
const zeroJs = await startSite(work, { ...env, DATA_DIR: join(work, "data-zero"), RELEASES_DIR: zeroReleases });
const chrome = await startChromium(work);

type Run = { performance: number; accessibility: number; seo: number; fcp: number; lcp: number; tbt: number; cls: number; si: number; benchmarkIndex: number };
/** Audits that cost a template points in accessibility or SEO, for the report. */
const failedAudits = new Map<string, Set<string>>();

function summary(url: string, { lhr }: Audit): Run {
  const { categories, audits } = lhr;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const score = (id: string) => Math.round((categories[id]?.score ?? Number.NaN) * 100);
  for (const category of ["accessibility", "seo"]) {
    for (const ref of categories[category]?.auditRefs ?? []) {
      const audit = audits[ref.id];
      if (ref.weight > 0 && audit?.score !== null && audit?.score !== undefined && audit.score < 1) {
        const key = new URL(url).pathname;
        failedAudits.set(key, (failedAudits.get(key) ?? new Set()).add(`${category}: ${ref.id}`));
      }
    }
  }
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    seo: score("seo"),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    si: value("speed-index"),
    // Lighthouse's CPU score of the host: simulated throttling multiplies the host's task times, so TBT scales with it.
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

async function audit(url: string): Promise<Run> {
  return summary(url, await runLighthouse(url, chrome.port));
}

type Row = { name: string; path: string; weight: Weight; real: Run; zero: Run; lcpSpread: number; load: number };
const rows: Row[] = [];
const browser = await launchBrowser();
const loadBefore = loadavg()[0] ?? 0;
try {
  for (const { name, path } of templates) {
    const weight = await pageWeight(browser, site.url, path);
    const real: Run[] = [];
    const zero: Run[] = [];
    for (let i = 0; i < runs; i++) {
      real.push(await audit(site.url + path));
      zero.push(await audit(zeroJs.url + path));
    }
    const med = (list: Run[]): Run =>
      Object.fromEntries(Object.keys(list[0] as Run).map((key) => [key, median(list.map((r) => r[key as keyof Run]))])) as Run;
    // How far one run's LCP strays from another's, for either copy: a difference of medians within it is noise.
    const spread = (list: Run[]) => Math.max(...list.map((r) => r.lcp)) - Math.min(...list.map((r) => r.lcp));
    const row = { name, path, weight, real: med(real), zero: med(zero), lcpSpread: Math.max(spread(real), spread(zero)), load: loadavg()[0] ?? 0 };
    rows.push(row);
    console.log(
      `${path}: performance ${row.real.performance} vs zero-JS ${row.zero.performance}, LCP ${Math.round(row.real.lcp)} ms vs zero-JS ${Math.round(row.zero.lcp)} ms, ` +
        `TBT ${Math.round(row.real.tbt)} ms vs zero-JS ${Math.round(row.zero.tbt)} ms, CLS ${row.real.cls.toFixed(3)}, ` +
        `JS ${weight.script.br} B brotli, load ${row.load.toFixed(1)}\n` +
        `  runs: TBT ${real.map((r) => Math.round(r.tbt)).join(" ")} / ${zero.map((r) => Math.round(r.tbt)).join(" ")}, ` +
        `LCP ${real.map((r) => Math.round(r.lcp)).join(" ")} / ${zero.map((r) => Math.round(r.lcp)).join(" ")}`,
    );
  }
} finally {
  await browser.close();
  chrome.stop();
  await site.stop();
  await zeroJs.stop();
  rmSync(work, { recursive: true, force: true });
}

// 3. The report.
const kb = (n: number) => (n / 1000).toFixed(1);
const ms = (n: number) => String(Math.round(n));
const table = [
  "| template | JS raw / br KB | CSS raw / br KB | HTML raw / br KB | other raw / br KB | performance | zero-JS performance | LCP ms | zero-JS LCP ms | ratio | LCP spread ms | FCP ms | TBT ms | zero-JS TBT ms | TBT added ms | CLS | a11y | SEO | load |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ...rows.map(({ name, path, weight: w, real: r, zero: z, lcpSpread, load }) =>
    [
      `${name} \`${path}\``,
      `${kb(w.script.raw)} / ${kb(w.script.br)}`,
      `${kb(w.stylesheet.raw)} / ${kb(w.stylesheet.br)}`,
      `${kb(w.document.raw)} / ${kb(w.document.br)}`,
      `${kb(w.other.raw)} / ${kb(w.other.br)}`,
      r.performance,
      // What the page scores with no script at all: the ceiling the app's own work is held to.
      z.performance,
      ms(r.lcp),
      ms(z.lcp),
      (r.lcp / z.lcp).toFixed(2),
      ms(lcpSpread),
      ms(r.fcp),
      ms(r.tbt),
      ms(z.tbt),
      ms(r.tbt - z.tbt),
      r.cls.toFixed(3),
      r.accessibility,
      r.seo,
      load.toFixed(1),
    ].join(" | "),
  ).map((line) => `| ${line} |`),
].join("\n");
const cpu = cpus();
/** When this machine booted: tables of one machine compare, across a new virtual machine they may not (the docs). */
const bootedAt = new Date(Date.now() - uptime() * 1000).toISOString().slice(0, 16).replace("T", " ");
const report = [
  `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`npm run bench\` on ${cpu.length} × ${cpu[0]?.model.trim() ?? "?"} (up since ${bootedAt} UTC), ` +
    `load average ${loadBefore.toFixed(1)} before and ${(loadavg()[0] ?? 0).toFixed(1)} after (the last column: at the end of each template's runs), ${chromiumVersion()}, ` +
    `Lighthouse benchmark index ${Math.round(median(rows.map((row) => row.real.benchmarkIndex)))}. Lighthouse ${lighthouseVersion()}, mobile, simulated throttling (4× CPU), ` +
    `360 × 800 px; medians of ${runs} runs each, the page and its zero-JS copy alternating; TBT added is the page's median less its zero-JS copy's; ` +
    `LCP spread is the larger of the two copies' highest less lowest LCP.` +
    (buildSeconds === null ? "" : ` Build (\`npm run build\`, wall): ${buildSeconds.toFixed(1)} s.`),
  "",
  table,
  ...(failedAudits.size === 0
    ? []
    : ["", "Audits that failed in at least one run:", "", ...[...failedAudits].map(([path, ids]) => `- \`${path}\`: ${[...ids].join(", ")}`)]),
].join("\n");

const doc = readFileSync(DOC, "utf8");
const start = doc.indexOf("<!-- bench:start -->");
const end = doc.indexOf("<!-- bench:end -->");
if (start === -1 || end === -1) throw new Error(`${DOC} has no bench markers`);
writeFileSync(DOC, `${doc.slice(0, start)}<!-- bench:start -->\n${report}\n${doc.slice(end)}`);
console.log(`\n${report}\n\nwritten to ${DOC}`);
