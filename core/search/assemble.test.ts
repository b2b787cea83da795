import { describe, expect, it } from "vitest";
import { MANIFEST_FILE, SEARCH_INDEX_URL } from "./index-format.ts";
import { lexicon, random } from "../../scripts/search-scale/corpus.ts";
import { type AssembledIndex, assembleIndex, compileSynonyms } from "./assemble.ts";
import { contentHash } from "./chunking.ts";
import { analyse, engineOver, firstResults, type PageParts } from "../../tests/support/search-index-fixtures.ts";

// Enough pages and words for the base segment to need directories of chunks.
const rnd = random(7);
const vocabulary = lexicon(6_000, rnd);
const sentence = (n: number) => Array.from({ length: n }, () => vocabulary[Math.floor(rnd() * vocabulary.length)]).join(" ");
const pages: PageParts[] = Array.from({ length: 240 }, (_, i) => ({
  url: `/academy/article-${i}/`,
  kind: "article",
  title: `${sentence(4)} ${i}`,
  lead: sentence(12),
  sections: [1, 2, 3].map(() => ({ heading: sentence(3), text: sentence(60) })),
}));
const synonyms = [["SEO", "сео"]];
const MANIFEST = `${SEARCH_INDEX_URL}${MANIFEST_FILE}`;

/** The files a visitor's browser can fetch after `next` is published over `previous`. */
const published = (previous: AssembledIndex, next: AssembledIndex) => new Map([...previous.files, ...next.files]);
const newFiles = (previous: AssembledIndex, next: AssembledIndex) => [...next.files.keys()].filter((url) => !previous.files.has(url) && url !== MANIFEST);

const first = assembleIndex(pages.map(analyse), synonyms);
const retitled = (i: number, title: string) => pages.map((p, n) => (n === i ? { ...p, title } : p));

describe("index files", () => {
  it("names every file but the manifest by its content", () => {
    for (const [url, text] of first.files) {
      if (url === MANIFEST) continue;
      const hash = /\/(?:[tl]\/|r\/\d+\.)([\w-]+)\.json$/.exec(url)?.[1];
      expect(hash, url).toBe(contentHash(text, hash?.length));
    }
    expect(first.manifest.segments[0]?.dirs?.length).toBeGreaterThan(1);
  });

  it("assembles the same files from the same pages", () => {
    expect(assembleIndex(pages.map(analyse), synonyms).files).toEqual(first.files);
  });
});

describe("a publication after the previous index", () => {
  it("writes a few new files for one changed page and reuses every other file byte for byte", async () => {
    const next = assembleIndex(retitled(5, "Новое название статьи").map(analyse), synonyms, { previous: first.state });
    expect(next.report).toMatchObject({ rebuiltBase: false, deltaPages: 1, recordsWritten: 1 });
    const written = newFiles(first, next);
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThanOrEqual(6);
    expect(first.files.size).toBeGreaterThan(300);
    for (const url of next.carried) expect(first.files.has(url), url).toBe(true);
    for (const url of next.files.keys()) if (first.files.has(url) && url !== MANIFEST) expect(next.files.get(url)).toBe(first.files.get(url));

    const engine = await engineOver(published(first, next));
    expect(await firstResults(engine, "новое название статьи", 1)).toEqual(["/academy/article-5/"]);
    expect(await firstResults(engine, pages[5]?.title ?? "", 10)).not.toContain("/academy/article-5/");
    expect(await firstResults(engine, pages[6]?.title ?? "", 1)).toEqual(["/academy/article-6/"]);
  });

  it("keeps each page's id, gives a new page the next one, and forgets a removed page", async () => {
    const added: PageParts = { url: "/academy/new/", kind: "article", title: "Совсем свежая заметка" };
    const next = assembleIndex([...pages.slice(1), added].map(analyse), synonyms, { previous: first.state });
    expect(next.state.pages["/academy/article-1/"]?.id).toBe(first.state.pages["/academy/article-1/"]?.id);
    expect(next.state.pages[added.url]?.id).toBe(first.state.size);
    expect(next.report).toMatchObject({ rebuiltBase: false, removedPages: 1 });

    const engine = await engineOver(published(first, next));
    expect(await firstResults(engine, "свежая заметка", 1)).toEqual([added.url]);
    expect(await firstResults(engine, pages[0]?.title ?? "", 10)).not.toContain(pages[0]?.url);
  });

  it("builds the base anew once more pages changed than the delta may hold, reusing the chunks no change touched", async () => {
    const changed = retitled(1, "Первая правка").map((p, n) => (n === 2 || n === 3 ? { ...p, title: `Правка ${n}` } : p));
    const next = assembleIndex(changed.map(analyse), synonyms, { previous: first.state, maxDelta: 2 });
    expect(next.report.rebuiltBase).toBe(true);
    expect(next.manifest.segments).toHaveLength(1);
    const chunks = [...next.files.keys()].filter((url) => url.includes("/t/"));
    expect(chunks.filter((url) => first.files.has(url)).length).toBeGreaterThan(chunks.length / 2);
    const engine = await engineOver(published(first, next));
    expect(await firstResults(engine, "первая правка", 1)).toEqual(["/academy/article-1/"]);
  });

  it("starts over when the synonyms change", () => {
    const next = assembleIndex(pages.map(analyse), [...synonyms, ["CRM", "црм"]], { previous: first.state });
    expect(next.report.rebuiltBase).toBe(true);
    expect(next.carried).toEqual([]);
  });

  it("compiles synonyms as queries read them: without question words, a phrase of left-out words as those words", () => {
    expect(compileSynonyms([["контакты", "подскажите телефон офиса", "о нас"]])).toEqual([[["контакт"], ["телефон", "офис"], ["о", "нас"]]]);
    // A phrase left with one word once the others are dropped means more than that word: kept whole.
    expect(compileSynonyms([["вакансии", "работа у вас", "хотим работать у вас", "работа в агентстве"]])).toEqual([[["ваканс"], ["работа", "у", "вас"], ["хотим", "работать", "у", "вас"], ["работ", "агентств"]]]);
  });
});
