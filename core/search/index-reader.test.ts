import { describe, expect, it } from "vitest";
import { assembleIndex } from "./assemble.ts";
import { createIndexReader } from "./index-reader.ts";
import { createSearchEngine } from "./engine.ts";
import { analyse, type PageParts } from "../../tests/support/search-index-fixtures.ts";

const pages: PageParts[] = Array.from({ length: 60 }, (_, i) => ({
  url: `/academy/article-${i}/`,
  kind: "article",
  title: `Статья ${i} про аналитику и рекламу`,
  lead: "Сквозная аналитика, контекстная реклама и отчёты",
}));
const { files } = assembleIndex(pages.map(analyse), []);

/** A reader over the assembled files that counts what it reads. */
function counting(keepFiles: number) {
  const reads: string[] = [];
  const reader = createIndexReader(async (url) => {
    reads.push(url);
    const text = files.get(url);
    if (text === undefined) throw new Error(`no ${url}`);
    return JSON.parse(text) as unknown;
  }, { keepFiles });
  return { reads, engine: createSearchEngine(reader) };
}

// The server's reader (server/search-index.ts) keeps a bounded number of files: a query of
// long nonsense words asks for the same chunks many times (typo keys, beginnings).
describe("an index reader", () => {
  it("reads each file once for a query's many lookups, and keeps no more than it is allowed", async () => {
    const { reads, engine } = counting(8);
    const nonsense = Array.from({ length: 8 }, (_, i) => "щыфвапролджэячсмитьбю".slice(i) + "ъхзщш").join(" ");
    await engine.search(nonsense, null);
    expect(reads.length).toBe(new Set(reads).size);
    // A second query of other words must read again what was dropped, never more than it needs.
    const before = reads.length;
    await engine.search("аналитика реклама", null);
    expect(reads.length - before).toBeLessThanOrEqual(8);
  });

  it("answers the same with a small cache as with every file kept", async () => {
    const small = counting(2).engine;
    const all = counting(Infinity).engine;
    for (const query of ["аналитика", "контекстная реклама", "отчёты 12"]) {
      const [a, b] = await Promise.all([small.search(query, null), all.search(query, null)]);
      expect(a.results).toEqual(b.results);
    }
  });
});
