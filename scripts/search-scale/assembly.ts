/**
 * Times the search index builder on a built copy of the site, as a content
 * release would call it (run by scripts/search-scale.ts with the copy as the
 * working directory): every page analysed, the index assembled from scratch,
 * then one article's title changed and the index assembled again over the
 * first one's state. Prints one line of JSON.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CLIENT_DIR } from "../../app/config/paths.server.ts";
import { content } from "../../app/content/index.server.ts";
import { MANIFEST_FILE, SEARCH_INDEX_URL } from "../../app/routes/search/index-format.ts";
import { analysePage, analyseRecord } from "../search-index/analyse.ts";
import { assembleIndex } from "../search-index/assemble.ts";
import { customRecords, indexedPages } from "../search-index/sources.ts";

const c = content();
const pages = indexedPages(c);
const html = pages.map((p) => readFileSync(join(CLIENT_DIR, p.path, "index.html"), "utf8"));

/** Wall and CPU seconds of `run`. */
function timed<T>(run: () => T): { value: T; wall: number; cpu: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = run();
  const used = process.cpuUsage(cpu);
  return { value, wall: (performance.now() - started) / 1000, cpu: (used.user + used.system) / 1e6 };
}

const analysis = timed(() => [...pages.map((p, i) => analysePage({ html: html[i] as string, url: p.path, kind: p.kind, names: p.names })), ...customRecords(c).map(analyseRecord)]);
const docs = analysis.value;
const full = timed(() => assembleIndex(docs, c.searchSynonyms.groups));

// The last article gets a new title, as a one-article publication would give it.
const changed = pages.findLastIndex((p) => p.kind === "article");
const retitled = (html[changed] as string).replace(/<h1>[^<]*<\/h1>/, "<h1>Заголовок после правки</h1>");
const page = pages[changed] as (typeof pages)[number];
const reanalysis = timed(() => analysePage({ html: retitled, url: page.path, kind: page.kind, names: page.names }));
const next = timed(() => assembleIndex(docs.map((d, i) => (i === changed ? reanalysis.value : d)), c.searchSynonyms.groups, { previous: full.value.state }));
const manifest = `${SEARCH_INDEX_URL}${MANIFEST_FILE}`;
const newFiles = [...next.value.files.keys()].filter((url) => url !== manifest && !full.value.files.has(url));

console.log(
  JSON.stringify({
    pages: docs.length,
    analysis: { wall: analysis.wall, cpu: analysis.cpu, onePage: reanalysis.wall },
    full: { wall: full.wall, cpu: full.cpu, files: full.value.files.size },
    onePageChanged: { wall: next.wall, cpu: next.cpu, newFiles: newFiles.length, newBytes: newFiles.reduce((sum, url) => sum + Buffer.byteLength(next.value.files.get(url) ?? ""), 0), carried: next.value.carried.length },
  }),
);
