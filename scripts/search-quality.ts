/**
 * Relevance benchmark (not part of the build or the tests):
 *
 *   npm run bench:search-quality [-- --queries FILE] [--misses]
 *
 * Runs judged queries through our engine and through Pagefind 1.6 over the
 * same pages of the live release (`npm run publish`), in one run, and prints
 * success@1 (navigational queries), success@3, MRR@10 and nDCG@10 of each as
 * a Markdown table, with the machine and time of the run. By default it runs
 * twelve sets, reported apart: eight tuning sets
 * (scripts/search-quality/judged-queries.yaml, which the ranking was tuned
 * on, and tuning-5 to -11-queries.yaml, written blind for issue 58 and
 * tuned on after) and four held-out sets (held-out-queries.yaml, whose misses were read,
 * held-out-3-queries.yaml, written before the changes it measures, and
 * held-out-4- and -5-queries.yaml, written for issue 58 before the changes they measure);
 * `--queries FILE` runs FILE alone. `--misses` lists, per set and engine,
 * the queries whose acceptable pages were not in the first three (or, for a
 * navigational query, not first), with what came first.
 */
import { existsSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { basename, join } from "node:path";
import { parseArgs } from "node:util";
import { env } from "#core/config/env.server.ts";
import { content } from "#core/content/index.server.ts";
import { analyseRecord } from "#core/search/analyse.ts";
import { assembleIndex } from "#core/search/assemble.ts";
import { analyseIndexed, customRecords, indexedPages } from "#core/search/sources.ts";
import { liveFiles, releasesRoot } from "../server/releases/store.ts";
import { type Engine, ourEngine, pagefindEngine } from "./search-quality/engines.ts";
import { HELD_OUT_3_QUERIES, HELD_OUT_4_QUERIES, HELD_OUT_5_QUERIES, HELD_OUT_QUERIES, JUDGED_QUERIES, type JudgedQuery, loadJudged, sharedQueries, TUNING_10_QUERIES, TUNING_11_QUERIES, TUNING_5_QUERIES, TUNING_6_QUERIES, TUNING_7_QUERIES, TUNING_8_QUERIES, TUNING_9_QUERIES } from "./search-quality/judged.ts";
import { firstAcceptable, score, type Scores } from "./search-quality/metrics.ts";

const { values: args } = parseArgs({ options: { queries: { type: "string" }, misses: { type: "boolean", default: false } } });

// The pages of the live release (npm run publish), as visitors get them.
const PAGES_DIR = liveFiles(releasesRoot(env)) ?? "";
if (!existsSync(join(PAGES_DIR, "index.html"))) throw new Error("no release: run npm run build and npm run publish first");
const c = content();
const pages = indexedPages(c).map((p) => ({ ...p, html: readFileSync(join(PAGES_DIR, p.path, "index.html"), "utf8") }));
const records = customRecords(c);
const docs = [...pages.map((p) => analyseIndexed(p, p.html)), ...records.map(analyseRecord)];
const known = new Set(docs.map((d) => d.url));
const sets: Array<{ name: string; queries: JudgedQuery[] }> = args.queries
  ? [{ name: basename(args.queries), queries: loadJudged(args.queries, known) }]
  : [
      { name: "tuning set", queries: loadJudged(JUDGED_QUERIES, known) },
      { name: "tuning set of issue 58 (fifth set, written blind)", queries: loadJudged(TUNING_5_QUERIES, known) },
      { name: "tuning set of issue 58 (sixth set, written blind)", queries: loadJudged(TUNING_6_QUERIES, known) },
      { name: "tuning set of issue 58 (seventh set, written blind)", queries: loadJudged(TUNING_7_QUERIES, known) },
      { name: "tuning set of issue 58 (eighth set, written blind)", queries: loadJudged(TUNING_8_QUERIES, known) },
      { name: "tuning set of issue 58 (ninth set, written blind)", queries: loadJudged(TUNING_9_QUERIES, known) },
      { name: "tuning set of issue 58 (tenth set, written blind: visitors who are not marketers)", queries: loadJudged(TUNING_10_QUERIES, known) },
      { name: "tuning set of issue 58 (eleventh set, written blind: people of the trade)", queries: loadJudged(TUNING_11_QUERIES, known) },
      { name: "held out (second set, its misses read)", queries: loadJudged(HELD_OUT_QUERIES, known) },
      { name: "held out (third set)", queries: loadJudged(HELD_OUT_3_QUERIES, known) },
      { name: "held out (fourth set, issue 58)", queries: loadJudged(HELD_OUT_4_QUERIES, known) },
      { name: "held out (fifth set, issue 58)", queries: loadJudged(HELD_OUT_5_QUERIES, known) },
    ];
for (const [i, a] of sets.entries()) {
  for (const b of sets.slice(i + 1)) {
    const shared = sharedQueries(a.queries, b.queries);
    if (shared.length > 0) throw new Error(`queries both in ${a.name} and ${b.name}: ${shared.join(", ")}`);
  }
}
const loadBefore = loadavg()[0] ?? 0;

const engines: Array<{ name: string; engine: Engine }> = [
  { name: "ours", engine: await ourEngine(assembleIndex(docs, c.searchSynonyms.groups, { glossary: c.searchGlossary.groups }).files) },
  { name: "Pagefind 1.6", engine: await pagefindEngine(pages.map((p) => ({ url: p.path, html: p.html, kind: p.kind })), records) },
];

const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
const rows: string[] = [];
const missed: string[] = [];
for (const set of sets) {
  const navigational = set.queries.filter((q) => q.navigational).length;
  for (const { name, engine } of engines) {
    const runs: Array<{ judged: JudgedQuery; results: string[] }> = [];
    const times: number[] = [];
    for (const q of set.queries) {
      const started = performance.now();
      runs.push({ judged: q, results: await engine(q.query) });
      times.push(performance.now() - started);
    }
    const s: Scores = score(runs);
    rows.push(
      `| ${set.name} | ${name} | ${set.queries.length} (${navigational}) | ${percent(s.successAt1)} | ${percent(s.successAt3)} | ${s.mrr.toFixed(3)} | ${s.ndcg.toFixed(3)} | ${median(times).toFixed(1)} ms |`,
    );
    for (const { judged: q, results } of runs) {
      const rank = firstAcceptable(q, results);
      if (rank === 0 || rank > 3 || (q.navigational && rank !== 1)) missed.push(`${set.name}, ${name}: «${q.query}» → ${rank || "—"}; first: ${results.slice(0, 3).join(", ") || "nothing"}`);
    }
  }
}

function commit(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).trim() !== "";
    return dirty ? `${head} with uncommitted changes` : head;
  } catch {
    return "unknown commit";
  }
}
const cpu = cpus();
console.log(
  [
    `Run ${new Date().toISOString()} at ${commit()}, ${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, load average ${loadBefore.toFixed(1)} before and ${(loadavg()[0] ?? 0).toFixed(1)} after; ${docs.length} pages and records of the live release.`,
    "",
    "| set | engine | queries (navigational) | success@1 (navigational) | success@3 | MRR@10 | nDCG@10 | median time per query (Node) |",
    "|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n"),
);
if (args.misses) console.log(`\n${missed.join("\n")}`);
