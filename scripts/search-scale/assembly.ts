/**
 * Times the search index builder on a built copy of the site, as a content
 * release would call it (run by scripts/search-scale.ts with the copy as the
 * working directory): every page analysed, the index assembled from scratch,
 * then assembled again over the first one's state after one article's title
 * changed, after more titles changed than the delta may hold, and after as
 * many articles were added (the last two rebuild the base). Prints one line
 * of JSON.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { env } from "#core/config/env.server.ts";
import { content } from "#core/content/index.server.ts";
import { MANIFEST_FILE, SEARCH_INDEX_URL } from "#core/search/index-format.ts";
import { analyseRecord } from "#core/search/analyse.ts";
import { assembleIndex } from "#core/search/assemble.ts";
import { analyseIndexed, customRecords, indexedPages } from "#core/search/sources.ts";
import { liveFiles, releasesRoot } from "../../server/releases/store.ts";

const c = content();
/** The pages of the copy's live release. */
const PAGES_DIR = liveFiles(releasesRoot(env)) ?? "";
const pages = indexedPages(c);
const html = pages.map((p) => readFileSync(join(PAGES_DIR, p.path, "index.html"), "utf8"));

/** Wall and CPU seconds of `run`. */
function timed<T>(run: () => T): { value: T; wall: number; cpu: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = run();
  const used = process.cpuUsage(cpu);
  return { value, wall: (performance.now() - started) / 1000, cpu: (used.user + used.system) / 1e6 };
}

const analysis = timed(() => [...pages.map((p, i) => analyseIndexed(p, html[i] as string)), ...customRecords(c).map(analyseRecord)]);
const docs = analysis.value;
const full = timed(() => assembleIndex(docs, c.searchSynonyms.groups, { glossary: c.searchGlossary.groups }));

const manifest = `${SEARCH_INDEX_URL}${MANIFEST_FILE}`;
const articles = pages.flatMap((p, i) => (p.kind === "article" ? [i] : []));
/** Article `i` analysed with another title (and, for a new article, another address). */
const retitle = (i: number, title: string, url = (pages[i] as (typeof pages)[number]).path) =>
  analyseIndexed({ ...(pages[i] as (typeof pages)[number]), path: url }, (html[i] as string).replace(/<h1>[^<]*<\/h1>/, `<h1>${title}</h1>`));

/** Assembles `next` over the first index: time, and how many of its files (tree files apart) are new. */
function after(next: typeof docs) {
  const run = timed(() => assembleIndex(next, c.searchSynonyms.groups, { previous: full.value.state, glossary: c.searchGlossary.groups }));
  const files = [...run.value.files.keys()].filter((url) => url !== manifest);
  const fresh = files.filter((url) => !full.value.files.has(url));
  const tree = (urls: string[]) => urls.filter((url) => url.includes("/t/")).length;
  return {
    wall: run.wall,
    cpu: run.cpu,
    rebuiltBase: run.value.report.rebuiltBase,
    newFiles: fresh.length,
    newTreeFiles: tree(fresh),
    treeFiles: tree(files) + tree(run.value.carried),
    newBytes: fresh.reduce((sum, url) => sum + Buffer.byteLength(run.value.files.get(url) ?? ""), 0),
    carried: run.value.carried.length,
  };
}

// One article gets a new title, as a one-article publication would give it.
const last = articles.at(-1) as number;
const reanalysis = timed(() => retitle(last, "Заголовок после правки"));
const onePageChanged = after(docs.map((d, i) => (i === last ? reanalysis.value : d)));
// Just more than the delta holds: the base is built anew.
const many = Math.max(16, Math.ceil(docs.length * 0.02)) + 1;
const retitled = new Map(articles.slice(0, many).map((i) => [i, retitle(i, `Заголовок после правки ${i}`)]));
const manyRetitled = after(docs.map((d, i) => retitled.get(i) ?? d));
const manyAdded = after([...docs, ...articles.slice(0, many).map((i, n) => retitle(i, `Новая статья ${n}`, `/academy/added-${n}/`))]);

console.log(
  JSON.stringify({
    pages: docs.length,
    analysis: { wall: analysis.wall, cpu: analysis.cpu, onePage: reanalysis.wall },
    full: { wall: full.wall, cpu: full.cpu, files: full.value.files.size },
    onePageChanged,
    manyRetitled: { pages: many, ...manyRetitled },
    manyAdded: { pages: many, ...manyAdded },
  }),
);
