/**
 * `npm run bench`: the performance budgets of docs/performance.md, measured.
 *
 * Builds (timed), serves the production build, and for each page template:
 * the bytes it loads by type (raw and brotli, from the build), then
 * Lighthouse (mobile, simulated throttling, 360 px wide) three times on the
 * page and three times on its zero-JS copy (the same HTML with every script
 * and module preload removed, served by a second instance of the same
 * server), alternating, so both are measured side by side in one run.
 * Medians go into docs/performance.md between its bench markers, with the
 * date and the machine.
 *
 *   npm run bench [-- --no-build] [--runs N] [/path …]
 *
 * Needs Debian's Chromium. About a quarter of an hour on a 2-core machine.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import { CHROMIUM_PATH, launchBrowser } from "../../tests/support/browser.ts";
import { pageWeight, type Weight } from "../../tests/support/page-weight.ts";
import { startSite } from "./support.ts";
import { benchTemplates, median, stripScripts } from "./zero-js.ts";

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf("--runs") + 1] ?? 0) || 3;
const only = args.filter((a) => a.startsWith("/"));
const templates = benchTemplates().filter((t) => only.length === 0 || only.includes(t.path));
const DOC = "docs/performance.md";

// 1. Build, timed.
let buildSeconds: number | null = null;
if (!args.includes("--no-build")) {
  const started = performance.now();
  const build = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("npm run build failed");
  buildSeconds = (performance.now() - started) / 1000;
  console.log(`build: ${buildSeconds.toFixed(1)} s`);
}

// 2. The zero-JS copy: the same build, every template's HTML without scripts, served from its own working directory.
const work = mkdtempSync(join(tmpdir(), "bench-perf-"));
const zeroDir = join(work, "zero-js");
mkdirSync(zeroDir);
cpSync("build", join(zeroDir, "build"), { recursive: true });
for (const link of ["node_modules", "content"]) symlinkSync(resolve(link), join(zeroDir, link));
for (const { path } of templates) {
  const file = join(zeroDir, "build/client", path, "index.html");
  let html: string;
  try {
    html = readFileSync(file, "utf8");
  } catch {
    continue; // rendered on request (the 404 page): not part of the bench
  }
  const stripped = Buffer.from(stripScripts(html));
  writeFileSync(file, stripped);
  writeFileSync(`${file}.br`, brotliCompressSync(stripped, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(stripped, { level: 9 }));
}

const env = { RATE_LIMIT_PER_MINUTE: "0", LOG_LEVEL: "warn", DATA_DIR: join(work, "data") };
const site = await startSite(work, env);
const zeroJs = await startSite(work, { ...env, DATA_DIR: join(work, "data-zero") }, zeroDir);

// 3. Chromium for Lighthouse, on a DevTools port (the machine's flags: no background network, no sandbox as root).
const chrome: ChildProcess = spawn(
  CHROMIUM_PATH,
  [
    "--headless=new",
    "--remote-debugging-port=0",
    `--user-data-dir=${join(work, "chrome")}`,
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "about:blank",
  ],
  { stdio: ["ignore", "ignore", "pipe"] },
);
const chromePort = await new Promise<number>((done, fail) => {
  let output = "";
  chrome.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
    if (match) done(Number(match[1]));
  });
  chrome.once("exit", (code) => fail(new Error(`chromium exited with ${code}: ${output}`)));
});

type Run = { performance: number; accessibility: number; seo: number; fcp: number; lcp: number; tbt: number; cls: number; si: number; benchmarkIndex: number };
/** Audits that cost a template points in accessibility or SEO, for the report. */
const failedAudits = new Map<string, Set<string>>();

const CONFIG = {
  extends: "lighthouse:default",
  settings: {
    onlyCategories: ["performance", "accessibility", "seo"],
    formFactor: "mobile" as const,
    // The spec's phone width.
    screenEmulation: { mobile: true, width: 360, height: 800, deviceScaleFactor: 2, disabled: false },
    throttlingMethod: "simulate" as const,
  },
};

async function audit(url: string, attempt = 1): Promise<Run> {
  const result = await lighthouse(url, { port: chromePort, output: "json", logLevel: "error" }, CONFIG);
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  // A trace Chromium failed to record (NO_NAVSTART and the like) says nothing about the page: run again.
  if (runtimeError && attempt < 3) return audit(url, attempt + 1);
  if (runtimeError) throw new Error(`lighthouse on ${url}: ${runtimeError.message}`);
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
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
  };
}

type Row = { name: string; path: string; weight: Weight; real: Run; zero: Run };
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
    const row = { name, path, weight, real: med(real), zero: med(zero) };
    rows.push(row);
    console.log(
      `${path}: performance ${row.real.performance}, LCP ${Math.round(row.real.lcp)} ms vs zero-JS ${Math.round(row.zero.lcp)} ms, ` +
        `TBT ${Math.round(row.real.tbt)} ms, CLS ${row.real.cls.toFixed(3)}, JS ${weight.script.br} B brotli`,
    );
  }
} finally {
  await browser.close();
  chrome.kill("SIGTERM");
  await site.stop();
  await zeroJs.stop();
  rmSync(work, { recursive: true, force: true });
}

// 4. The report.
const kb = (n: number) => (n / 1000).toFixed(1);
const ms = (n: number) => String(Math.round(n));
const table = [
  "| template | JS raw / br KB | CSS raw / br KB | HTML raw / br KB | performance | LCP ms | zero-JS LCP ms | ratio | FCP ms | TBT ms | zero-JS TBT ms | CLS | a11y | SEO |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ...rows.map(({ name, path, weight: w, real: r, zero: z }) =>
    [
      `${name} \`${path}\``,
      `${kb(w.script.raw)} / ${kb(w.script.br)}`,
      `${kb(w.stylesheet.raw)} / ${kb(w.stylesheet.br)}`,
      `${kb(w.document.raw)} / ${kb(w.document.br)}`,
      r.performance,
      ms(r.lcp),
      ms(z.lcp),
      (r.lcp / z.lcp).toFixed(2),
      ms(r.fcp),
      ms(r.tbt),
      ms(z.tbt),
      r.cls.toFixed(3),
      r.accessibility,
      r.seo,
    ].join(" | "),
  ).map((line) => `| ${line} |`),
].join("\n");
const cpu = cpus();
const report = [
  `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`npm run bench\` on ${cpu.length} × ${cpu[0]?.model.trim() ?? "?"}, ` +
    `load average ${loadBefore.toFixed(1)} before and ${(loadavg()[0] ?? 0).toFixed(1)} after, ${chromiumVersion()}, ` +
    `Lighthouse benchmark index ${Math.round(median(rows.map((row) => row.real.benchmarkIndex)))}. Lighthouse ${lighthouseVersion()}, mobile, simulated throttling (4× CPU), ` +
    `360 × 800 px; medians of ${runs} runs each, the page and its zero-JS copy alternating.` +
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

function chromiumVersion(): string {
  const version = spawnSync(CHROMIUM_PATH, ["--version"], { encoding: "utf8" }).stdout;
  return /Chromium [\d.]+/.exec(version)?.[0] ?? "Chromium";
}

function lighthouseVersion(): string {
  return (JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")) as { version: string }).version;
}
