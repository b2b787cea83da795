import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { analyseRecord } from "#core/search/analyse.ts";
import { assembleIndex } from "#core/search/assemble.ts";
import { engineOver, firstResults, pageHtml } from "../../tests/support/search-index-fixtures.ts";
import { analyseIndexed, customRecords, indexedPages } from "#core/search/sources.ts";
import { readSearchState, SearchRecords } from "./search.ts";

const root = mkdtempSync(join(tmpdir(), "search-packs-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const c = content();
const pages = indexedPages(c);
const html = (path: string, title: string) => pageHtml({ url: path, kind: "page", title, lead: `Страница ${path}`, sections: [{ heading: "О чём", text: `Текст страницы ${path}` }] });

/** A release over the one before (or none): renders `titles` anew, takes every other page over. */
function release(id: string, before: string | null, titles: Map<string, string>) {
  const dir = join(root, id);
  mkdirSync(dir);
  const search = new SearchRecords(c, before ? { state: readSearchState(join(root, before)), dir: join(root, before) } : null, id);
  for (const page of pages) {
    const title = titles.get(page.path);
    if (title !== undefined) search.rendered(page.path, html(page.path, title));
    else search.reused(page.path);
  }
  const index = search.assemble();
  search.save(dir);
  return { dir, index };
}

describe("a release's search state", () => {
  const published = new Map<string, string>();
  const titles = new Map(pages.map((page, n) => [page.path, `Исходный заголовок ${n}`]));
  let last = release("r00", null, titles);
  for (const [url, text] of last.index.files) published.set(url, text);

  it("keeps the analyses in packs: a release writes only what it analysed and links the packs still in use, at most nine", () => {
    for (let n = 1; n <= 12; n++) {
      const path = pages[n]?.path as string;
      titles.set(path, `Правка номер ${n} хризантема`);
      const id = `r${String(n).padStart(2, "0")}`;
      last = release(id, `r${String(n - 1).padStart(2, "0")}`, new Map([[path, titles.get(path) as string]]));
      for (const [url, text] of last.index.files) published.set(url, text);
      const state = readSearchState(last.dir);
      expect(state.docs[path]?.pack).toBe(id);
      expect(Object.keys(state.docs).sort()).toEqual(pages.map((p) => p.path).sort());
      expect(readdirSync(join(last.dir, "search-packs")).length).toBeLessThanOrEqual(9);
    }
  });

  it("finds a page by the title its last release gave it", async () => {
    const engine = await engineOver(published);
    expect((await firstResults(engine, "правка номер 12 хризантема", 1))[0]).toBe(pages[12]?.path);
  });

  it("builds the base anew from the packs exactly as from analyses held in memory", () => {
    const state = readSearchState(last.dir);
    const changed = new Map(pages.slice(20, 40).map((page) => [page.path, `Большая правка ${page.path}`]));
    for (const [path, title] of changed) titles.set(path, title);
    const rebuilt = release("r99", "r12", changed);
    expect(rebuilt.index.report.rebuiltBase).toBe(true);
    const analyses = [
      ...pages.map((page) => analyseIndexed(page, html(page.path, titles.get(page.path) as string))),
      ...customRecords(c).map(analyseRecord),
    ];
    expect(rebuilt.index.files).toEqual(assembleIndex(analyses, c.searchSynonyms.groups, { previous: state.index ?? undefined, glossary: c.searchGlossary.groups }).files);
  });

  it("takes only the index from the state of a release made before packs", () => {
    const old = join(root, "old");
    mkdirSync(old);
    writeFileSync(join(old, "search.json"), JSON.stringify({ docs: { "/company/": { url: "/company/", terms: [], blocks: [] } }, index: null }));
    expect(readSearchState(old)).toEqual({ docs: {}, index: null });
  });
});
