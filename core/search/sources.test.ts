import { beforeAll, describe, expect, it } from "vitest";
import { type Content, content } from "../content/index.server.ts";
import { livePagePaths } from "../content/sitemap.server.ts";
import { paths } from "../lib/paths.ts";
import { customRecords, indexedPages, NOT_INDEXED } from "./sources.ts";

let c: Content;
// Loading and typographing all content takes seconds on a busy machine: once, outside the tests' own time.
beforeAll(() => {
  c = content();
}, 120_000);

describe("what the search index holds", () => {
  it("decides for every live page: indexed with a kind, or left out on purpose", () => {
    const indexed = indexedPages(c).map((p) => p.path);
    expect(new Set(indexed).size).toBe(indexed.length);
    expect(indexed.filter((p) => NOT_INDEXED.includes(p))).toEqual([]);
    const undecided = livePagePaths().filter((p) => !indexed.includes(p) && !NOT_INDEXED.includes(p));
    expect(undecided).toEqual([]);
    // Nothing outside the live pages (the error page, old addresses) is indexed.
    expect(indexed.filter((p) => !livePagePaths().includes(p))).toEqual([]);
  });

  it("labels pages by their collection", () => {
    const kinds = new Map(indexedPages(c).map((p) => [p.path, p.kind]));
    expect(kinds.get(paths.service("seo"))).toBe("service");
    expect(kinds.get(paths.project("cases", c.cases[0]?.slug ?? ""))).toBe("case");
    expect(kinds.get(paths.project("reviews", c.reviews[0]?.slug ?? ""))).toBe("review");
    expect(kinds.get(paths.article(c.articles[0]?.slug ?? ""))).toBe("article");
    expect(kinds.get(paths.position(c.positions[0]?.slug ?? ""))).toBe("position");
    expect(kinds.get(paths.company())).toBe("page");
  });

  it("names each case by its client too", () => {
    const cases = indexedPages(c).filter((p) => p.kind === "case");
    expect(cases.map((p) => p.names)).toEqual(c.cases.map((k) => [k.client]));
  });

  it("holds one record per event and per question, linked to its anchor", () => {
    const records = customRecords(c);
    const questions = c.questions.topics.reduce((n, t) => n + t.items.length, 0);
    expect(records.filter((r) => r.kind === "event")).toHaveLength(c.events.length);
    expect(records.filter((r) => r.kind === "question")).toHaveLength(questions);
    for (const r of records) {
      expect(r.url).toMatch(/^\/(events|questions)\/#[a-z0-9-]+$/);
      expect(r.title).toBeTruthy();
      // Plain text: the answer's Markdown HTML must not reach the index as tags.
      for (const text of r.body) expect(text ?? "").not.toMatch(/<\/?[a-z][^>]*>/);
    }
    expect(new Set(records.map((r) => r.url)).size).toBe(records.length);
  });
});
