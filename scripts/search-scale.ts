/**
 * Search scale check (not part of the build or the tests):
 *
 *   npm run bench:search [-- --articles 5000] [--keep] [--reuse DIR]
 *
 * Copies the working tree to a temporary directory, adds N synthetic Russian
 * articles to its content, builds the code and makes the first release
 * (timed), starts the server and measures in Chromium: index size, what the
 * first query transfers, and query times after the first, and times the index builder
 * as a content release would call it (search-scale/assembly.ts). Prints a
 * Markdown row for docs/search.md. Nothing is written inside the project.
 * `--keep` leaves the copy in place; `--reuse DIR` measures a kept copy again
 * without rebuilding it.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parse as parseYaml } from "yaml";
import { SEARCH_INDEX_DIR } from "#core/search/index-format.ts";
import { PAGE_SIZE } from "../app/routes/search/use-search.ts";
import { launchBrowser } from "../tests/support/browser.ts";
import { freePort, startServer, stopServer } from "../tests/support/server.ts";
import { article, corpus, lexicon, random, sourceTokens } from "./search-scale/corpus.ts";
import { engineQuery, percentile, transferDuring, uiQuery } from "./search-scale/measure.ts";

const { values: args } = parseArgs({
  options: {
    articles: { type: "string", default: "5000" },
    keep: { type: "boolean", default: false },
    reuse: { type: "string" },
  },
});
const ROOT = resolve(import.meta.dirname, "..");
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const rnd = random(20261121);
const text = corpus(sourceTokens(join(ROOT, "content")), lexicon(40_000, rnd), rnd);

/** A copy of the working tree (ignored files aside) plus `count` articles; node_modules shared by a link. */
function prepare(work: string, count: number): void {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" });
  for (const file of files.split("\0").filter(Boolean)) {
    mkdirSync(dirname(join(work, file)), { recursive: true });
    cpSync(join(ROOT, file), join(work, file));
  }
  symlinkSync(join(ROOT, "node_modules"), join(work, "node_modules"), "dir");
  const company = parseYaml(readFileSync(join(work, "content/company.yaml"), "utf8")) as { team: Array<{ id: string }> };
  const frame = { authors: company.team.map((m) => m.id), categories: ["seo", "aso", "performance", "analytics", "brand"] };
  for (let n = 0; n < count; n++) {
    writeFileSync(join(work, "content/academy", `synthetic-${String(n).padStart(5, "0")}.md`), article(text, frame, n, rnd));
  }
  console.error(`${count} synthetic articles in ${work}/content/academy`);
}

/**
 * Lifts request limits inside the copy's build only. React Router's prerender
 * gives each request 10 s (an AbortSignal), and its preview server answers 408
 * once Node's header or request timeout passes; the first requests wait while
 * all content loads, synchronously: with thousands of articles that takes
 * longer than both (see docs/search.md).
 */
const LIFT_LIMITS = `import { Server } from "node:http";
const listen = Server.prototype.listen;
Server.prototype.listen = function (...args) {
  this.requestTimeout = 0;
  this.headersTimeout = 0;
  return listen.apply(this, args);
};
const timeout = AbortSignal.timeout.bind(AbortSignal);
AbortSignal.timeout = (ms) => timeout(Math.max(ms, 3_600_000));
`;

/** The code build and the first release (every page rendered, the search index built), timed. */
function build(work: string): Array<{ step: string; seconds: number }> {
  const preload = join(work, "scale-limits.mjs");
  writeFileSync(preload, LIFT_LIMITS);
  const steps = [
    { step: "code build", command: "node scripts/build.ts" },
    { step: "first release", command: "node build/runtime/publish.js --message 'Проверка поиска'" },
  ];
  return steps.map(({ step, command }) => {
    const started = performance.now();
    const output = execFileSync("sh", ["-c", command], {
      cwd: work,
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
      stdio: ["ignore", "pipe", "inherit"],
      env: {
        ...process.env,
        PATH: `${join(work, "node_modules/.bin")}:${process.env.PATH}`,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${preload}`.trim(),
      },
    });
    const seconds = (performance.now() - started) / 1000;
    console.error(`  ${step}: ${seconds.toFixed(1)} s ${output.split("\n").filter((l) => /поиск/i.test(l)).join(" ")}`);
    return { step, seconds };
  });
}

/** The files of the copy's live release. */
function releaseFiles(work: string): string {
  const root = join(work, "data/releases");
  return join(root, readFileSync(join(root, "current"), "utf8").trim(), "files");
}

type Assembly = { wall: number; cpu: number; rebuiltBase: boolean; newFiles: number; newTreeFiles: number; treeFiles: number; newBytes: number; carried: number };

/** The builder's times on the copy: analysis of every page, a full assembly, and assemblies after changes. */
function assemblyTimes(work: string): string {
  const output = execFileSync("node", ["scripts/search-scale/assembly.ts"], {
    cwd: work,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, PATH: `${join(work, "node_modules/.bin")}:${process.env.PATH}` },
  });
  const t = JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as {
    pages: number;
    analysis: { wall: number; cpu: number; onePage: number };
    full: { wall: number; cpu: number; files: number };
    onePageChanged: Assembly;
    manyRetitled: Assembly & { pages: number };
    manyAdded: Assembly & { pages: number };
  };
  const s = (x: number) => `${x.toFixed(2)} s`;
  const change = (what: string, a: Assembly) =>
    `after ${what}: ${s(a.wall)} (CPU ${s(a.cpu)})${a.rebuiltBase ? ", base rebuilt" : ""}, ${a.newFiles} new files (${a.newTreeFiles} of ${a.treeFiles} chunks and directories), ${kib(a.newBytes)}, ${a.carried} carried`;
  return [
    `${t.pages} pages analysed in ${s(t.analysis.wall)} (one page ${s(t.analysis.onePage)})`,
    `full assembly ${s(t.full.wall)} (CPU ${s(t.full.cpu)}), ${t.full.files} files`,
    change("one article's title changed", t.onePageChanged),
    change(`${t.manyRetitled.pages} articles' titles changed`, t.manyRetitled),
    change(`${t.manyAdded.pages} articles added`, t.manyAdded),
  ].join("; ");
}

/** The index on disk, and as served (each file's precompressed brotli variant). */
function indexOnDisk(work: string): string {
  let bytes = 0;
  let brotli = 0;
  let files = 0;
  const dir = join(releaseFiles(work), SEARCH_INDEX_DIR);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const size = statSync(path).size;
    bytes += size;
    brotli += existsSync(`${path}.br`) ? Math.min(size, statSync(`${path}.br`).size) : size;
    files += 1;
  }
  return `${files} files, ${kib(bytes)} (brotli ${kib(brotli)})`;
}

const FIRST = "маркетинга";
// Each list holds distinct queries, so a measured query may need chunks not fetched yet.
const REAL = [
  "продвижению сайтов", "clickhouse", "отчет", "море зовет", "python", "ремаркетинг", "семантическое ядро",
  "аналитика данных", "контекстная реклама", "конверсии", "бюджет", "rustore", "дашборды", "вакансии аналитика",
  "кейсы для ритейла", "продвижение приложения", "email", "сквозная аналитика", "стратегия", "брендинг",
];
const rare = (n: number) => Array.from({ length: n }, () => text.rareWord());
const UI_QUERIES = [...REAL.slice(0, 10), ...rare(15)];
const ENGINE_QUERIES = [...REAL.slice(10), ...rare(15)];
/**
 * A visitor reads the results before the next query: without a pause, each
 * query would be timed while the browser still paints the previous one.
 */
const READING_PAUSE_MS = 500;

async function browse(work: string) {
  const port = await freePort();
  // The test helper starts the bundled server from the working directory: the copy's.
  process.chdir(work);
  const server = await startServer(port);
  process.chdir(ROOT);
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`http://127.0.0.1:${port}/search/`);
    // Hydrated and idle: the form's section is the app's from here on (sections hydrate apart, at low
    // priority; before, a submit would load /search/?q=… anew).
    await page.waitForFunction(() => (document.documentElement.dataset.appState ?? "hydrating") !== "hydrating");
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
    let firstMs = 0;
    const first = await transferDuring(page, async () => {
      firstMs = await uiQuery(page, FIRST);
    });
    for (const f of first.list) console.error(`    ${f.kind} ${kib(f.bytes).padStart(10)} ${f.path}`);
    const engineUrl = await page.evaluate(
      () => performance.getEntriesByType("resource").find((e) => /\/assets\/search-engine-/.test(e.name))?.name ?? "",
    );
    const ui: number[] = [];
    const engine: number[] = [];
    for (const q of UI_QUERIES) {
      await page.waitForTimeout(READING_PAUSE_MS);
      ui.push(await uiQuery(page, q));
    }
    for (const q of ENGINE_QUERIES) engine.push(await engineQuery(page, engineUrl, q, PAGE_SIZE));
    return { firstMs, first, ui, engine };
  } finally {
    await browser.close();
    await stopServer(server);
  }
}

const work = args.reuse ? resolve(args.reuse) : mkdtempSync(join(tmpdir(), "search-scale-"));
try {
  if (!args.reuse) prepare(work, Number(args.articles));
  const steps = args.reuse ? [] : build(work);
  const disk = indexOnDisk(work);
  const assembly = assemblyTimes(work);
  console.error(`  search index builder: ${assembly}`);
  const { firstMs, first, ui, engine } = await browse(work);
  const ms = (values: number[]) => `${percentile(values, 0.5).toFixed(0)} ms (p90 ${percentile(values, 0.9).toFixed(0)})`;
  const articles = readdirSync(join(work, "content/academy")).length;
  const pages = readdirSync(releaseFiles(work), { recursive: true }).filter((f) => String(f).endsWith("index.html")).length;
  console.log(
    [
      `| articles | pages | build: ${steps.map((s) => s.step).join(" / ") || "(reused)"} | index on disk | first query: time; code / index transferred | later queries, page: median of ${ui.length} | later queries, engine: median of ${engine.length} |`,
      "|---|---|---|---|---|---|---|",
      `| ${articles} | ${pages} | ${steps.length ? `${steps.map((s) => s.seconds.toFixed(1)).join(" / ")} s` : "—"} | ${disk} | ${firstMs.toFixed(0)} ms; ${kib(first.code)} / ${kib(first.index)} | ${ms(ui)} | ${ms(engine)} |`,
    ].join("\n"),
  );
  console.log(`\nSearch index builder: ${assembly}`);
} finally {
  if (!args.keep && !args.reuse) rmSync(work, { recursive: true, force: true });
}
