import { describe, expect, it } from "vitest";
import { createSiteContext } from "#core/lib/load-context.server.ts";
import { assembleIndex } from "#core/search/assemble.ts";
import { createIndexReader, type IndexReader } from "#core/search/index-reader.ts";
import { analyse, type PageParts } from "../../../tests/support/search-index-fixtures.ts";
import { firstResults, QUERY_MAX } from "./search.server.ts";

const pages: PageParts[] = [
  { url: "/services/seo/", kind: "service", title: "SEO-продвижение сайтов", lead: "Выводим сайты в топ поиска." },
  { url: "/services/end-to-end-analytics/", kind: "service", title: "Сквозная аналитика", lead: "Видно, какая реклама приносит продажи." },
  { url: "/academy/reports/", kind: "article", title: "Отчёты без ручной работы", lead: "Как собрать отчёты для клиентов." },
];

function served(): IndexReader {
  const { files } = assembleIndex(pages.map(analyse), [["SEO", "сео"]]);
  return createIndexReader(
    async (url) => {
      const text = files.get(url);
      if (text === undefined) throw new Error(`no ${url}`);
      return JSON.parse(text) as unknown;
    },
    { keepFiles: 16 },
  );
}

/** A reader that never answers: a disk that hangs. */
const hanging = { openIndex: () => new Promise(() => {}), onIndexForgotten: () => {} } as unknown as IndexReader;
const failing = { openIndex: () => Promise.reject(new Error("no manifest")), onIndexForgotten: () => {} } as unknown as IndexReader;

const urls = (shown: Awaited<ReturnType<typeof firstResults>>) => (shown && "hits" in shown ? shown.hits.map((h) => h.url) : null);

describe("the first results the server renders into /search/?q=…", () => {
  const context = createSiteContext({ searchIndex: served() });

  it("answers with the page's engine, a wrong keyboard layout read as the browser reads it", async () => {
    expect(urls(await firstResults(context, "сквозная аналитика", null))?.[0]).toBe("/services/end-to-end-analytics/");
    const switched = await firstResults(context, "crdjpyfz fyfkbnbrf", null);
    expect(urls(switched)?.[0]).toBe("/services/end-to-end-analytics/");
    expect(switched && "outcome" in switched ? switched.outcome.switched : null).toBe("сквозная аналитика");
    expect(urls(await firstResults(context, "ыущ", null))?.[0]).toBe("/services/seo/");
    // ё and е are one letter: the title says «Отчёты».
    expect(urls(await firstResults(context, "отчеты", null))?.[0]).toBe("/academy/reports/");
  });

  it("answers nothing (the page then searches in the browser) for an empty or over-long query, without an index, or when search fails", async () => {
    expect(await firstResults(context, "", null)).toBeNull();
    expect(await firstResults(context, "сео ".repeat(QUERY_MAX), null)).toBeNull();
    expect(await firstResults(createSiteContext({}), "сео", null)).toBeNull();
    expect(await firstResults(createSiteContext({ searchIndex: failing }), "сео", null)).toBeNull();
  });

  it("does not hold the page up when the index does not answer in time", async () => {
    expect(await firstResults(createSiteContext({ searchIndex: hanging }), "сео", null, 5)).toBeNull();
  });
});
