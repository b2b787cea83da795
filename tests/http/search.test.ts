import { beforeAll, describe, expect, it } from "vitest";
import { content } from "../../app/content/index.server.ts";
import { customRecords } from "../../scripts/search-index/sources.ts";
import { get, getDocument } from "../support/site.ts";

let records: ReturnType<typeof customRecords>;
// Content loads for seconds on a busy machine: before any request, not between two of them.
beforeAll(() => {
  records = customRecords(content());
}, 120_000);

describe("the search bundle", () => {
  it("serves Pagefind's API, worker, WebAssembly and index entry from /pagefind/", async () => {
    for (const file of ["pagefind.js", "pagefind-worker.js", "wasm.ru.pagefind", "pagefind-entry.json"]) {
      expect((await get(`/pagefind/${file}`)).status, file).toBe(200);
    }
    const entry = (await (await get("/pagefind/pagefind-entry.json")).json()) as { languages: Record<string, { page_count: number }> };
    expect(Object.keys(entry.languages)).toEqual(["ru"]);
    expect(entry.languages.ru?.page_count).toBeGreaterThan(100);
  });

  it("leaves out Pagefind's ready-made interfaces", async () => {
    for (const file of ["pagefind-ui.js", "pagefind-component-ui.js", "pagefind-highlight.js", "wasm.unknown.pagefind"]) {
      expect((await get(`/pagefind/${file}`)).status, file).toBe(404);
    }
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
