/**
 * Builds the search index from the prerendered pages (run by `npm run build`
 * after prerendering, before compression): analyses every page and record,
 * assembles the index (decision 018) into build/client/search-index/, and
 * keeps the state a later assembly would extend in build/search-index-state.json.
 * A page the step cannot read fails the build.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { BUILD_DIR, CLIENT_DIR } from "../app/config/paths.server.ts";
import { content } from "../app/content/index.server.ts";
import { SEARCH_INDEX_DIR } from "../app/routes/search/index-format.ts";
import { analysePage, analyseRecord } from "./search-index/analyse.ts";
import { assembleIndex } from "./search-index/assemble.ts";
import { customRecords, indexedPages } from "./search-index/sources.ts";

const seconds = (from: number, to = performance.now()) => `${((to - from) / 1000).toFixed(1)} s`;
const started = performance.now();
const c = content();
const loaded = performance.now();
const pages = indexedPages(c).map(({ path, kind, names }) => analysePage({ html: readFileSync(join(CLIENT_DIR, path, "index.html"), "utf8"), url: path, kind, names }));
const records = customRecords(c).map(analyseRecord);
const analysed = performance.now();
const { manifest, files, state } = assembleIndex([...pages, ...records], c.searchSynonyms.groups);
const assembled = performance.now();

rmSync(join(CLIENT_DIR, SEARCH_INDEX_DIR), { recursive: true, force: true });
let bytes = 0;
for (const [url, text] of files) {
  const target = join(CLIENT_DIR, url);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  bytes += Buffer.byteLength(text);
}
writeFileSync(join(BUILD_DIR, "search-index-state.json"), JSON.stringify(state));
const chunks = manifest.segments.reduce((n, s) => n + (s.chunks?.length ?? 0) + (s.dirs?.length ?? 0), 0);
console.log(
  `search index: ${pages.length} pages + ${records.length} records, ${chunks} top-level chunk entries, ${files.size} files, ` +
    `${(bytes / 1024).toFixed(0)} KiB in ${join(CLIENT_DIR, SEARCH_INDEX_DIR)} ` +
    `(content ${seconds(started, loaded)}, analysis ${seconds(loaded, analysed)}, assembly ${seconds(analysed, assembled)})`,
);
