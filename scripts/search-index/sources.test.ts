import { beforeAll, describe, expect, it } from "vitest";
import { type Content, content } from "../../app/content/index.server.ts";
import { livePagePaths } from "../../app/content/sitemap.server.ts";
import { paths } from "../../app/lib/paths.ts";
import { customRecords, indexedPages, isRuntimeFile, markForIndex, NOT_INDEXED } from "./sources.ts";

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

  it("holds one record per event and per question, linked to its anchor", () => {
    const records = customRecords(c);
    const questions = c.questions.topics.reduce((n, t) => n + t.items.length, 0);
    expect(records.filter((r) => r.filters.kind?.[0] === "event")).toHaveLength(c.events.length);
    expect(records.filter((r) => r.filters.kind?.[0] === "question")).toHaveLength(questions);
    for (const r of records) {
      expect(r.url).toMatch(/^\/(events|questions)\/#[a-z0-9-]+$/);
      expect(r.meta.title).toBeTruthy();
      // Plain text: the answer's Markdown HTML must not reach the index as tags.
      expect(r.content).not.toMatch(/<\/?[a-z][^>]*>/);
    }
    expect(new Set(records.map((r) => r.url)).size).toBe(records.length);
  });
});

describe("markForIndex", () => {
  it("makes <main> the indexed body and tags the page with its kind", () => {
    const html = '<html><body><header><nav>menu</nav></header><main id="main" class="site-main">text</main></body></html>';
    expect(markForIndex(html, "article", "/academy/x/")).toBe(
      '<html><body><header><nav>menu</nav></header><main data-pagefind-body data-pagefind-filter="kind:article" id="main" class="site-main">text</main></body></html>',
    );
  });

  it("fails loudly for a page without <main> rather than indexing its navigation", () => {
    expect(() => markForIndex("<body><mainframe></mainframe></body>", "page", "/x/")).toThrow("/x/ has no <main>");
  });
});

describe("isRuntimeFile", () => {
  it("keeps what the site loads and drops Pagefind's ready-made UIs and other languages", () => {
    for (const kept of ["pagefind.js", "pagefind-worker.js", "pagefind-entry.json", "wasm.ru.pagefind", "pagefind.ru_87c43c4784.pf_meta", "index/ru_f0d7356.pf_index", "fragment/ru_864a8c6.pf_fragment", "filter/ru_c5b0a21.pf_filter"]) {
      expect(isRuntimeFile(kept), kept).toBe(true);
    }
    for (const dropped of ["pagefind-ui.js", "pagefind-ui.css", "pagefind-component-ui.js", "pagefind-modular-ui.js", "pagefind-highlight.js", "wasm.unknown.pagefind", "playground/index.html"]) {
      expect(isRuntimeFile(dropped), dropped).toBe(false);
    }
  });
});
