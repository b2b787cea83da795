import { beforeAll, describe, expect, it } from "vitest";
import { type Content, content } from "../../app/content/index.server.ts";
import { chunkUrl, type DocRecord, docUrl, type Manifest, MANIFEST_FILE, SEARCH_INDEX_URL } from "../../app/routes/search/index-format.ts";
import { customRecords, indexedPages } from "../../scripts/search-index/sources.ts";
import { get, getDocument } from "../support/site.ts";

let c: Content;
let records: ReturnType<typeof customRecords>;
// Content loads for seconds on a busy machine: before any request, not between two of them.
beforeAll(() => {
  c = content();
  records = customRecords(c);
}, 120_000);

describe("the search index", () => {
  it("names its current version in a manifest revalidated on every visit", async () => {
    const response = await get(`${SEARCH_INDEX_URL}${MANIFEST_FILE}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("etag")).toBeTruthy();
    const manifest = (await response.json()) as Manifest;
    expect(manifest.docs).toBe(indexedPages(c).length + records.length);
    expect(manifest.kinds).toHaveLength(manifest.docs);
    expect(manifest.chunks.length).toBeGreaterThan(1);
  });

  it("serves the version's chunks and records as files that never change", async () => {
    const manifest = (await (await get(`${SEARCH_INDEX_URL}${MANIFEST_FILE}`)).json()) as Manifest;
    for (const url of [chunkUrl(manifest.version, 0), chunkUrl(manifest.version, manifest.chunks.length - 1), docUrl(manifest.version, 0)]) {
      const response = await get(url, { headers: { "Accept-Encoding": "br" } });
      expect(response.status, url).toBe(200);
      expect(response.headers.get("cache-control"), url).toMatch(/immutable/);
    }
    const record = (await (await get(docUrl(manifest.version, 0))).json()) as DocRecord;
    expect(record.url).toMatch(/^\//);
    expect(record.title).toBeTruthy();
    expect((await get(chunkUrl(manifest.version, manifest.chunks.length))).status).toBe(404);
    expect((await get(docUrl("000000000000", 0))).status).toBe(404);
  });
});

describe("results without a page of their own", () => {
  it("link to an element that exists on the events and questions pages", async () => {
    const pages = new Map<string, Set<string>>();
    for (const record of records) {
      const [path = "", id = ""] = record.url.split("#");
      if (!pages.has(path)) {
        const { status, doc } = await getDocument(path);
        expect(status).toBe(200);
        pages.set(path, new Set(doc.querySelectorAll("[id]").map((el) => el.id)));
      }
      expect(pages.get(path)?.has(id), record.url).toBe(true);
    }
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
