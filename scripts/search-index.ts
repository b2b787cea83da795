/**
 * Builds the search index from the prerendered pages (run by `npm run build`
 * after `react-router build`, before compression) and writes the Pagefind
 * bundle to build/client/pagefind/. Any page Pagefind cannot read fails the
 * build.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import * as pagefind from "pagefind";
import { CLIENT_DIR } from "../app/config/paths.server.ts";
import { content } from "../app/content/index.server.ts";
import { SEARCH_BUNDLE_DIR } from "../app/routes/search/kinds.ts";
import { customRecords, indexedPages, isRuntimeFile, markForIndex } from "./search-index/sources.ts";

const started = performance.now();
const problems: string[] = [];
const check = (where: string, errors: readonly string[]) => errors.forEach((e) => problems.push(`${where}: ${e}`));

const created = await pagefind.createIndex({
  // Every page is Russian; English words inside it are still indexed as words.
  forceLanguage: "ru",
  // Breadcrumbs and link chips inside <main> are navigation, not content.
  excludeSelectors: ["nav"],
});
check("createIndex", created.errors);
const index = created.index;
if (!index) throw new Error(`search index: Pagefind did not start:\n${problems.join("\n")}`);

const c = content();
const loaded = performance.now();
const pages = indexedPages(c);
// A few files in flight keep the Pagefind process busy without holding every page in memory.
const IN_FLIGHT = 8;
for (let i = 0; i < pages.length; i += IN_FLIGHT) {
  await Promise.all(
    pages.slice(i, i + IN_FLIGHT).map(async ({ path, kind }) => {
      const html = readFileSync(join(CLIENT_DIR, path, "index.html"), "utf8");
      const added = await index.addHTMLFile({ url: path, content: markForIndex(html, kind, path) });
      check(path, added.errors);
      if (added.file && added.file.uniqueWords === 0) problems.push(`${path}: no words indexed`);
    }),
  );
}
const records = customRecords(c);
for (const item of records) check(item.url, (await index.addCustomRecord(item)).errors);

const output = await index.getFiles();
check("getFiles", output.errors);
await pagefind.close();
if (problems.length > 0) throw new Error(`search index failed:\n${problems.join("\n")}`);

const outDir = join(CLIENT_DIR, SEARCH_BUNDLE_DIR);
rmSync(outDir, { recursive: true, force: true });
let bytes = 0;
let count = 0;
for (const file of output.files) {
  if (!isRuntimeFile(file.path)) continue;
  const target = join(outDir, file.path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, file.content);
  bytes += file.content.byteLength;
  count += 1;
}
const seconds = (from: number, to = performance.now()) => `${((to - from) / 1000).toFixed(1)} s`;
console.log(
  `search index: ${pages.length} pages + ${records.length} records, ${count} files, ${(bytes / 1024).toFixed(0)} KiB ` +
    `in ${outDir} (content ${seconds(started, loaded)}, index ${seconds(loaded)})`,
);
