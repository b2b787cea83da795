import { describe, expect, it } from "vitest";
import { assembleIndex } from "./assemble.ts";
import { MANIFEST_FILE, type Manifest, SEARCH_INDEX_URL } from "./index-format.ts";
import { compilePins, pinKey, pinnedId } from "./pins.ts";
import { SearchSynonymsSchema } from "../content/schemas/search.ts";
import { analyse, engineOver, firstResults, type PageParts } from "../../tests/support/search-index-fixtures.ts";

// Issue 58: a page an editor pinned to a query comes first for it, whatever the ranking says.
const pages: PageParts[] = [
  { url: "/services/context/", kind: "service", title: "Контекстная реклама", lead: "Реклама в поиске: цены за клик под контролем" },
  { url: "/academy/prices/", kind: "article", title: "Цены на рекламу в 2026 году", lead: "Сколько стоит реклама и от чего зависят цены" },
  { url: "/contacts/", kind: "page", title: "Контакты", lead: "Адрес офиса и телефоны" },
];
const manifestOf = (files: ReadonlyMap<string, string>) => JSON.parse(files.get(`${SEARCH_INDEX_URL}${MANIFEST_FILE}`) ?? "{}") as Manifest;

describe("a query's key", () => {
  it("is the same in any case form, letter case, word order and spelling of ё", () => {
    expect(pinKey("Цены на рекламу")).toBe(pinKey("реклама цена"));
    expect(pinKey("рекламе  ЦЕНЫ")).toBe(pinKey("цены на рекламу"));
    expect(pinKey("ещё")).toBe(pinKey("еще"));
    expect(pinKey("цены")).not.toBe(pinKey("цены на рекламу"));
    // Forms the stemmer cuts apart are still one query.
    const table = compilePins([{ query: "Аудит рекламы", page: "/a/" }], () => 7);
    for (const query of ["аудиту рекламы", "рекламе аудита", "АУДИТ РЕКЛАМЫ"]) expect(pinnedId(table, query), query).toBe(7);
    for (const query of ["аудит", "аудит рекламы в поиске", "ад рекламы"]) expect(pinnedId(table, query), query).toBeUndefined();
    // Words search leaves out only still name a query.
    expect(pinKey("о нас")).toBe("нас о");
  });

  it("keeps queries that look like an object's own keys as any other", () => {
    const table = compilePins(
      [
        { query: "constructor", page: "/a/" },
        { query: "__proto__", page: "/b/" },
      ],
      (url) => ({ "/a/": 1, "/b/": 2 })[url],
    );
    expect(pinnedId(table, "constructor")).toBe(1);
    expect(pinnedId(table, "__proto__")).toBe(2);
    expect(pinnedId(table, "toString")).toBeUndefined();
    expect(pinnedId(JSON.parse(JSON.stringify(table)) as typeof table, "__proto__")).toBe(2);
  });
});

describe("pins in the index", () => {
  it("are written into the manifest by page id, and a pin to a page the index lacks is left out", () => {
    const { manifest } = assembleIndex(pages.map(analyse), [], {
      pins: [
        { query: "цены", page: "/contacts/" },
        { query: "вакансии", page: "/career/gone/" },
      ],
    });
    expect(manifest.pins).toEqual({ [pinKey("цены")]: 2 });
    expect(manifestOf(assembleIndex(pages.map(analyse), []).files).pins).toBeUndefined();
  });

  it("put the page first for its query in any form, found or not, once, and leave other queries alone", async () => {
    const plain = await engineOver(assembleIndex(pages.map(analyse), []).files);
    expect((await firstResults(plain, "цены на рекламу"))[0]).not.toBe("/contacts/");
    const pinned = await engineOver(assembleIndex(pages.map(analyse), [], { pins: [{ query: "цены на рекламу", page: "/services/context/" }, { query: "офис", page: "/academy/prices/" }] }).files);
    const results = await firstResults(pinned, "реклама цена");
    expect(results[0]).toBe("/services/context/");
    expect(results.filter((url) => url === "/services/context/")).toHaveLength(1);
    expect(results).toEqual(expect.arrayContaining(["/academy/prices/"]));
    // Pinned to a query whose words the page lacks: it is the page shown first.
    expect((await firstResults(pinned, "Офис"))[0]).toBe("/academy/prices/");
    expect(await firstResults(pinned, "контакты")).toEqual(["/contacts/"]);
    const outcome = await pinned.search("цены на рекламу", null);
    expect(outcome.pinned).toBe(outcome.results[0]?.id);
    // A kind filter keeps to its kind: the pinned service is not among articles.
    expect((await pinned.loadHits(await pinned.search("цены на рекламу", "article"), 0, 5)).map((hit) => hit.url)).toEqual(["/academy/prices/"]);
  });
});

describe("pins in the content", () => {
  it("refuses a second pin of one query at its field, in another form too, and a page that is no address", () => {
    const parsed = SearchSynonymsSchema.safeParse({
      groups: [["сео", "seo"]],
      pins: [
        { query: "Цены", page: "/services/" },
        { query: "цена", page: "/contacts/" },
        { query: "вакансии", page: "javascript:alert(1)" },
      ],
    });
    expect(parsed.success).toBe(false);
    const issues = parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues).toContainEqual(["pins.1.query", "Этот запрос уже закреплён в\u00a0строке 1"]);
    expect(issues?.some(([path]) => path === "pins.2.page")).toBe(true);
    expect(SearchSynonymsSchema.parse({ groups: [["сео", "seo"]] }).pins).toEqual([]);
  });
});
