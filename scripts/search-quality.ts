/**
 * Relevance benchmark (not part of the build or the tests):
 *
 *   npm run bench:search-quality [-- --queries FILE] [--misses]
 *
 * Runs the judged queries (scripts/search-quality/judged-queries.yaml, or
 * FILE) through our engine and through Pagefind 1.6 over the same
 * pages of the live release (`npm run publish`), in one run, and prints
 * success@1 (navigational queries), success@3, MRR@10 and nDCG@10 of each as
 * a Markdown table. `--misses` lists, per engine, the queries whose
 * acceptable pages were not in the first three, with what came first.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { env } from "../app/config/env.server.ts";
import { content } from "../app/content/index.server.ts";
import { analysePage, analyseRecord } from "./search-index/analyse.ts";
import { assembleIndex } from "./search-index/assemble.ts";
import { customRecords, indexedPages } from "./search-index/sources.ts";
import { liveFiles, releasesRoot } from "../server/releases/store.ts";
import { type Engine, ourEngine, pagefindEngine } from "./search-quality/engines.ts";
import { JUDGED_QUERIES, type JudgedQuery, loadJudged } from "./search-quality/judged.ts";
import { firstAcceptable, score, type Scores } from "./search-quality/metrics.ts";

const { values: args } = parseArgs({ options: { queries: { type: "string", default: JUDGED_QUERIES }, misses: { type: "boolean", default: false } } });

// The pages of the live release (npm run publish), as visitors get them.
const PAGES_DIR = liveFiles(releasesRoot(env)) ?? "";
if (!existsSync(join(PAGES_DIR, "index.html"))) throw new Error("no release: run npm run build and npm run publish first");
const c = content();
const pages = indexedPages(c).map((p) => ({ ...p, html: readFileSync(join(PAGES_DIR, p.path, "index.html"), "utf8") }));
const records = customRecords(c);
const docs = [...pages.map((p) => analysePage({ html: p.html, url: p.path, kind: p.kind, names: p.names })), ...records.map(analyseRecord)];
const judged = loadJudged(args.queries, new Set(docs.map((d) => d.url)));

const engines: Array<{ name: string; engine: Engine }> = [
  { name: "ours", engine: await ourEngine(assembleIndex(docs, c.searchSynonyms.groups).files) },
  { name: "Pagefind 1.6", engine: await pagefindEngine(pages.map((p) => ({ url: p.path, html: p.html, kind: p.kind })), records) },
];

const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
const rows: string[] = [];
const missed: string[] = [];
for (const { name, engine } of engines) {
  const runs: Array<{ judged: JudgedQuery; results: string[] }> = [];
  const times: number[] = [];
  for (const q of judged) {
    const started = performance.now();
    runs.push({ judged: q, results: await engine(q.query) });
    times.push(performance.now() - started);
  }
  const s: Scores = score(runs);
  rows.push(`| ${name} | ${percent(s.successAt1)} | ${percent(s.successAt3)} | ${s.mrr.toFixed(3)} | ${s.ndcg.toFixed(3)} | ${median(times).toFixed(1)} ms |`);
  for (const { judged: q, results } of runs) {
    const rank = firstAcceptable(q, results);
    if (rank === 0 || rank > 3 || (q.navigational && rank !== 1)) missed.push(`${name}: «${q.query}» → ${rank || "—"}; first: ${results.slice(0, 3).join(", ") || "nothing"}`);
  }
}
const navigational = judged.filter((q) => q.navigational).length;
console.log(
  [
    `${judged.length} judged queries (${navigational} navigational) over ${docs.length} pages and records:`,
    "",
    "| engine | success@1 (navigational) | success@3 | MRR@10 | nDCG@10 | median time per query (Node) |",
    "|---|---|---|---|---|---|",
    ...rows,
  ].join("\n"),
);
if (args.misses) console.log(`\n${missed.join("\n")}`);
