import { createHash } from "node:crypto";
import { parse } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { type Content, content } from "#core/content/index.server.ts";
import { paths } from "#core/lib/paths.ts";
import { type Chunk, type Directory, type DocRecord, listUrl, type Manifest, MANIFEST_FILE, recordHash, recordUrl, SEARCH_INDEX_URL, treeFileUrl } from "#core/search/index-format.ts";
import { customRecords, indexedPages } from "#core/search/sources.ts";
import { JUDGED_QUERIES, loadJudged } from "../../scripts/search-quality/judged.ts";
import { score } from "../../scripts/search-quality/metrics.ts";
import { PAGE_SIZE } from "../../app/routes/search/use-search.ts";
import { engineOnSite, firstResults, type SiteEngine } from "../support/search-engine.ts";
import { rawGet } from "../support/raw-http.ts";
import { expectInlineScriptsAllowed, expectSecurityHeaders } from "../support/security.ts";
import { baseUrl, get, getDocument, plain } from "../support/http.ts";

let c: Content;
let records: ReturnType<typeof customRecords>;
// Content loads for seconds on a busy machine: before any request, not between two of them.
beforeAll(() => {
  c = content();
  records = customRecords(c);
}, 120_000);

const manifest = async () => (await (await get(`${SEARCH_INDEX_URL}${MANIFEST_FILE}`)).json()) as Manifest;
const named = (text: string, hash: string) => createHash("sha256").update(text).digest("base64url").startsWith(hash);

describe("the search index", () => {
  it("lists its files in a manifest revalidated on every visit", async () => {
    const response = await get(`${SEARCH_INDEX_URL}${MANIFEST_FILE}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("etag")).toBeTruthy();
    const m = (await response.json()) as Manifest;
    expect(m.docs).toBe(indexedPages(c).length + records.length);
    expect(m.kinds).toHaveLength(m.docs);
    expect(m.segments.length).toBeGreaterThan(0);
  });

  it("serves every other file under a name made from its content, to be kept for good", async () => {
    const m = await manifest();
    const segment = m.segments[0];
    const [, firstHash] = segment?.dirs?.[0] ?? segment?.chunks?.[0] ?? ["", ""];
    const tree = await get(treeFileUrl(firstHash), { headers: { "Accept-Encoding": "br" } });
    expect(tree.headers.get("cache-control")).toMatch(/immutable/);
    const treeText = await tree.text();
    expect(named(treeText, firstHash)).toBe(true);
    // A directory leads to chunks; a chunk holds postings.
    const chunkText = segment?.dirs ? await (await get(treeFileUrl((JSON.parse(treeText) as Directory)[0]?.[1] ?? ""))).text() : treeText;
    expect(Object.keys(JSON.parse(chunkText) as Chunk).length).toBeGreaterThan(0);

    const listHash = m.lists[0] ?? "";
    const list = await get(listUrl(listHash));
    expect(list.headers.get("cache-control")).toMatch(/immutable/);
    const listText = await list.text();
    expect(named(listText, listHash)).toBe(true);
    const record = await get(recordUrl(0, recordHash(JSON.parse(listText) as string, 0) ?? ""));
    expect(record.headers.get("cache-control")).toMatch(/immutable/);
    expect(((await record.json()) as DocRecord).url).toMatch(/^\//);

    expect((await get(treeFileUrl("0000000000"))).status).toBe(404);
  });
});

// Issue 58: the first results are in the page's HTML, for a visitor without JavaScript and the first paint.
describe("/search/?q=… answered on the server", () => {
  const hrefs = (doc: Awaited<ReturnType<typeof getDocument>>["doc"]) => doc.querySelectorAll(".search-hit__title a").map((a) => a.getAttribute("href"));

  it("renders the first results of the query, best first, with their count", async () => {
    const { status, doc } = await getDocument(`/search/?q=${encodeURIComponent("сквозная аналитика")}`);
    expect(status).toBe(200);
    expect(hrefs(doc)[0]).toBe(paths.service("end-to-end-analytics"));
    expect(hrefs(doc).length).toBeGreaterThan(1);
    expect(hrefs(doc).length).toBeLessThanOrEqual(6);
    expect(plain(doc.querySelector(".search-results__status")?.textContent)).toMatch(/^Найдено \d+ результат\S* по\sзапросу «сквозная аналитика»$/);
    // Nothing says results need JavaScript when they are there.
    expect(doc.querySelector("noscript")).toBeNull();
  });

  it("renders one kind when the address names it, with the counts of every kind", async () => {
    const { doc } = await getDocument(`/search/?q=${encodeURIComponent("аналитика")}&type=article`);
    const links = hrefs(doc);
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) expect(href).toMatch(/^\/academy\//);
    const current = doc.querySelector('.search-kinds [aria-current="true"]');
    expect(current?.textContent).toMatch(/^Статьи/);
    // The status counts the kind's matches, not only the six shown, as the page's engine will.
    const count = current?.querySelector(".search-kinds__count")?.textContent ?? "";
    expect(Number(count)).toBeGreaterThan(PAGE_SIZE);
    expect(plain(doc.querySelector(".search-results__status")?.textContent)).toMatch(new RegExp(`в разделе «Статьи» — ${count}$`));
    // «Показать ещё» keeps its place for the page's engine, which enables it.
    expect(doc.querySelector("button.search-results__more")?.hasAttribute("disabled")).toBe(true);
  });

  it("says so when nothing is found, and reads a wrong keyboard layout as the browser does", async () => {
    const none = await getDocument(`/search/?q=${encodeURIComponent("щзщзщзщзщз")}`);
    expect(plain(none.doc.querySelector(".search-results__status")?.textContent)).toContain("ничего не нашлось");
    const layout = await getDocument(`/search/?q=${encodeURIComponent("crdjpyfz fyfkbnbrf")}`);
    expect(hrefs(layout.doc)[0]).toBe(paths.service("end-to-end-analytics"));
    expect(plain(layout.doc.querySelector(".search-results__status")?.textContent)).toContain("(набрано в другой раскладке: «crdjpyfz fyfkbnbrf»)");
    // The other way: «seo» typed with the Russian layout on.
    const latin = await getDocument(`/search/?q=${encodeURIComponent("ыущ")}`);
    expect(hrefs(latin.doc)[0]).toBe(paths.service("seo"));
  });

  it("is a page rendered on request: revalidated, its inline scripts allowed by their hashes and nothing else", async () => {
    const response = await get(`/search/?q=${encodeURIComponent("сквозная аналитика")}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expectSecurityHeaders(response.headers, "/search/?q=");
    expectInlineScriptsAllowed(await response.text(), response.headers.get("content-security-policy") ?? "", "/search/?q=");
  });

  // Sent byte for byte: fetch would re-encode a malformed escape.
  it.each([
    ["a malformed escape", "%E0%A4%A"],
    ["a lone percent sign", "%"],
    ["an escape of no hex", "%zz"],
    ["a NUL", "%00"],
    ["an encoded lone surrogate", "%ED%A0%80"],
    ["an overlong slash", "%C0%AF"],
    ["a header injection", "x%0d%0aSet-Cookie:%20injected=1"],
    ["a script", "%3Cscript%3Ealert(1)%3C/script%3E"],
    ["an attribute breakout", "%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"],
    ["a query of 8,000 letters", "a".repeat(8_000)],
    ["a query given twice and a kind that is none", "%D1%81%D0%B5%D0%BE&q=seo&type=%3Cx%3E"],
  ])("answers a hostile query, %s, with the ordinary page", async (_, q) => {
    const reply = await rawGet(Number(new URL(baseUrl).port), `/search/?q=${q}`);
    expect(reply.status).toBe(200);
    expect(reply.header("content-type")).toMatch(/^text\/html/);
    expect(reply.header("set-cookie")).toBeUndefined();
    const html = reply.body.toString("utf8");
    expectInlineScriptsAllowed(html, reply.header("content-security-policy") ?? "", q);
    const doc = parse(html);
    // The query is text in the field, never markup.
    expect(doc.querySelector("input[name=q]")?.getAttribute("value")).toBe((new URLSearchParams(`q=${q}`).get("q") ?? "").trim());
    expect(doc.querySelectorAll("img[onerror]")).toHaveLength(0);
    expect(html).not.toContain("<script>alert");
    expect(doc.querySelector("h1")?.textContent).toBeTruthy();
  });

  it("refuses a query too long for any address with 414, not an error of the server", async () => {
    const reply = await rawGet(Number(new URL(baseUrl).port), `/search/?q=${"a".repeat(9_000)}`);
    expect(reply.status).toBe(414);
  });

  it("keeps the search page without a query as it was: suggestions, no results", async () => {
    const { doc } = await getDocument("/search/");
    expect(doc.querySelector(".search-results")).toBeNull();
  });
});

describe("ranking on the site's own pages", () => {
  let engine: SiteEngine;
  beforeAll(async () => {
    engine = await engineOnSite();
  });

  // The examples of the issue «Search that puts the right page first».
  it.each([
    ["ASO", paths.service("aso")],
    ["SEO", paths.service("seo")],
    ["контекстная реклама", paths.service("context-advertising")],
    ["сквозная аналитика", paths.service("end-to-end-analytics")],
    ["веб-аналитика", paths.service("web-analytics")],
    ["телеграм канал", paths.article("content-telegram-channel-b2b")],
    ["перформанс маркетинг", paths.service("performance-marketing")],
  ])("«%s» puts %s first", async (query, expected) => {
    expect((await firstResults(engine, query, 1))[0]).toBe(expected);
  });

  // The examples of issue 42 «Search that understands what it was not tuned on»: another form of a
  // word, slang outside the synonyms, what people call a page, a question.
  it.each([
    ["брендирование", paths.service("branding-and-design")],
    ["автоматизация отчётов", paths.article("data-python-report-automation")],
    ["фронтендер", paths.position("frontend-developer")],
    ["политика конфиденциальности", paths.privacy()],
    ["как с вами связаться", paths.contacts()],
  ])("«%s» puts %s first", async (query, expected) => {
    expect((await firstResults(engine, query, 1))[0]).toBe(expected);
  });

  // Forms of a word and a letter the page writes otherwise (the browser's search page types them too:
  // tests/browser/search.test.ts).
  it.each([
    ["маркетинга", paths.service("marketing-consulting")],
    ["продвижению сайтов", paths.service("seo")],
    ["море зовет", paths.project("cases", "more-zovet-seo")],
    ["python", paths.article("data-python-report-automation")],
  ])("«%s» finds %s among the first three", async (query, expected) => {
    expect(await firstResults(engine, query, 3)).toContain(expected);
  });

  // Issue 58: a query typed with the other keyboard layout on finds what it meant, both ways.
  it.each([
    ["rjyntrcnyfz htrkfvf", "контекстная реклама", paths.service("context-advertising")],
    ["crdjpyfz fyfkbnbrf", "сквозная аналитика", paths.service("end-to-end-analytics")],
    ["ыущ", "seo", paths.service("seo")],
    ["фыщ", "aso", paths.service("aso")],
  ])("«%s», typed on the wrong layout, is read as «%s» and puts %s first", async (query, meant, expected) => {
    const outcome = await engine.search(query, null);
    expect(outcome.switched).toBe(meant);
    expect((await engine.loadHits(outcome, 0, 1))[0]?.url).toBe(expected);
  });

  it("«СЭО», an abbreviation written with э, puts the SEO service first", async () => {
    expect((await firstResults(engine, "СЭО", 1))[0]).toBe(paths.service("seo"));
  });

  it("leaves a query that finds pages as typed alone", async () => {
    const outcome = await engine.search("аналитика", null);
    expect(outcome.switched).toBeUndefined();
    expect(outcome.total).toBeGreaterThan(3);
  });

  it("«аналитик» puts the vacancy «Аналитик данных» among the first three", async () => {
    expect(await firstResults(engine, "аналитик", 3)).toContain(paths.position("data-analyst"));
  });

  it("answers the judged queries of the relevance benchmark: the named page first, an acceptable one in the first three", async () => {
    const judged = loadJudged(JUDGED_QUERIES, new Set([...indexedPages(c).map((p) => p.path), ...records.map((r) => r.url)]));
    const runs = [];
    for (const q of judged) runs.push({ judged: q, results: await firstResults(engine, q.query) });
    const s = score(runs);
    expect(s.successAt1).toBeGreaterThanOrEqual(0.95);
    expect(s.successAt3).toBeGreaterThanOrEqual(0.95);
  });
});

describe("results without a page of their own", () => {
  it("link to a section's page, or to an element that exists on the events and questions pages", async () => {
    const pages = new Map<string, Set<string>>();
    for (const record of records) {
      const [path = "", id] = record.url.split("#");
      if (!pages.has(path)) {
        const { status, doc } = await getDocument(path);
        expect(status, path).toBe(200);
        pages.set(path, new Set(doc.querySelectorAll("[id]").map((el) => el.id)));
      }
      if (id !== undefined) expect(pages.get(path)?.has(id), record.url).toBe(true);
    }
    expect(records.filter((r) => !r.url.includes("#")).map((r) => r.url)).toEqual(expect.arrayContaining(["/career/", "/academy/"]));
  });
});

describe("the /search/ page", () => {
  it("answers /search/?q= from the server with the query in its form, kept out of search engines", async () => {
    const { status, doc } = await getDocument("/search/?q=%D0%BC%D0%B0%D1%80%D0%BA%D0%B5%D1%82%D0%B8%D0%BD%D0%B3%D0%B0");
    expect(status).toBe(200);
    const form = doc.querySelector("form[role=search]");
    expect(form?.getAttribute("method")).toBe("get");
    expect(form?.getAttribute("action")).toBe("/search/");
    expect(doc.querySelector("input[name=q]")?.getAttribute("value")).toBe("маркетинга");
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toMatch(/noindex/);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(/\/search\/$/);
  });
});
