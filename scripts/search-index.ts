/**
 * Builds the search index from the prerendered pages (run by `npm run build`
 * after prerendering, before compression) and writes it to
 * build/client/search-index/. A page the step cannot read fails the build.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CLIENT_DIR } from "../app/config/paths.server.ts";
import { content } from "../app/content/index.server.ts";
import { SEARCH_INDEX_DIR } from "../app/routes/search/index-format.ts";
import { buildIndex } from "./search-index/build-index.ts";
import { customRecords, indexedPages, pageDoc } from "./search-index/sources.ts";

const started = performance.now();
const c = content();
const loaded = performance.now();
const pages = indexedPages(c).map(({ path, kind }) => pageDoc(readFileSync(join(CLIENT_DIR, path, "index.html"), "utf8"), kind, path));
const records = customRecords(c);
const { manifest, files } = buildIndex([...pages, ...records]);

rmSync(join(CLIENT_DIR, SEARCH_INDEX_DIR), { recursive: true, force: true });
let bytes = 0;
for (const [url, text] of files) {
  const target = join(CLIENT_DIR, url);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  bytes += Buffer.byteLength(text);
}
const seconds = (from: number, to = performance.now()) => `${((to - from) / 1000).toFixed(1)} s`;
console.log(
  `search index: ${pages.length} pages + ${records.length} records, ${manifest.chunks.length} chunks, ${files.size} files, ` +
    `${(bytes / 1024).toFixed(0)} KiB in ${join(CLIENT_DIR, SEARCH_INDEX_DIR)} (content ${seconds(started, loaded)}, index ${seconds(loaded)})`,
);
