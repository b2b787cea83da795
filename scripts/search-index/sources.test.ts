import { beforeAll, describe, expect, it } from "vitest";
import { type Content, content } from "../../app/content/index.server.ts";
import { livePagePaths } from "../../app/content/sitemap.server.ts";
import { paths } from "../../app/lib/paths.ts";
import { customRecords, indexedPages, NOT_INDEXED, pageDoc } from "./sources.ts";

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
    expect(records.filter((r) => r.kind === "event")).toHaveLength(c.events.length);
    expect(records.filter((r) => r.kind === "question")).toHaveLength(questions);
    for (const r of records) {
      expect(r.url).toMatch(/^\/(events|questions)\/#[a-z0-9-]+$/);
      expect(r.title).toBeTruthy();
      // Plain text: the answer's Markdown HTML must not reach the index as tags.
      expect(r.text).not.toMatch(/<\/?[a-z][^>]*>/);
    }
    expect(new Set(records.map((r) => r.url)).size).toBe(records.length);
  });
});

describe("pageDoc", () => {
  const html = (main: string) =>
    `<html><head><title>T</title><script>var x = 1</script></head><body><header><nav>Меню Услуги</nav></header>${main}<footer>Подвал &copy; 2026</footer></body></html>`;

  it("keeps the words of <main> only: no header, footer, navigation or scripts", () => {
    const doc = pageDoc(
      html('<main id="main"><nav aria-label="Хлебные крошки">Главная / Статьи</nav><h1>SEO для&nbsp;ритейла</h1><p>Первый абзац.</p><p>Второй<script>alert(1)</script> абзац &amp; итог.</p><svg><title>иконка</title></svg></main>'),
      "article",
      "/academy/x/",
    );
    expect(doc).toEqual({ url: "/academy/x/", title: "SEO для ритейла", kind: "article", text: "SEO для ритейла Первый абзац. Второй абзац & итог." });
  });

  it("fails loudly for a page without <main> or without a heading rather than indexing the wrong text", () => {
    expect(() => pageDoc("<body><mainframe></mainframe></body>", "page", "/x/")).toThrow("/x/ has no <main>");
    expect(() => pageDoc(html("<main><p>текст</p></main>"), "page", "/y/")).toThrow("/y/ has no <h1>");
  });
});
