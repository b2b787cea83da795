import { describe, expect, it } from "vitest";
import { ADDRESSES, feedPaths, formAddressPattern, pagesSearchedAs, staticPath, templates } from "./addresses.ts";

describe("the address table", () => {
  it("gives the forms' guard every address a form posts to, and nothing else", () => {
    const forms = formAddressPattern();
    for (const path of ["/forms/project/", "/forms/job.data", "/api/forms/subscription/", "/api/forms/event.data", "/sub/confirm/", "/sub/confirm.data"]) {
      expect(forms.test(path), path).toBe(true);
    }
    for (const path of ["/forms", "/formsx/", "/api/form/project/", "/sub/", "/sub/confirmed/", "/services/forms/", "/"]) {
      expect(forms.test(path), path).toBe(false);
    }
  });

  it("says for every page of its own whether search indexes it or leaves it to its entries", () => {
    const indexed = pagesSearchedAs("page");
    const sections = pagesSearchedAs("section");
    const lists = pagesSearchedAs("list");
    expect(indexed).toContain("/company/");
    expect(sections).toEqual(expect.arrayContaining(["/services/", "/academy/", "/career/", "/events/"]));
    expect(lists).toEqual(["/", "/search/"]);
    const pages = Object.entries(ADDRESSES).filter(([pattern, a]) => a.is === "page" && !pattern.includes(":"));
    expect(new Set([...indexed, ...sections, ...lists]).size).toBe(pages.length);
  });

  it("writes addresses as visitors type them: pages with their slash, files without", () => {
    expect(staticPath("/")).toBe("/");
    expect(staticPath("/company")).toBe("/company/");
    expect(feedPaths()).toEqual(["/sitemap.xml", "/robots.txt", "/academy/rss.xml"]);
    expect(() => staticPath("/academy/:slug")).toThrow();
  });

  it("names each template once", () => {
    const names = templates().map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(["home", "case", "review", "article", "not-found"]));
  });
});
