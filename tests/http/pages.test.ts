import { describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { livePagePaths } from "#core/content/sitemap.server.ts";
import { get, getDocument, plain, rawGet } from "../support/http.ts";

const c = content();
const first = <T>(list: readonly T[]): T => {
  if (!list[0]) throw new Error("content collection is empty");
  return list[0];
};

/** One address per route of the spec (dynamic ones with real slugs). */
const ROUTES = [
  "/",
  "/sub/",
  "/error/",
  "/career/",
  `/career/${first(c.positions).slug}/`,
  "/events/",
  "/oferta/",
  "/search/",
  "/services/",
  `/services/${c.services.find((s) => !["aso", "seo", "performance-marketing"].includes(s.slug))?.slug}/`,
  "/services/aso/",
  "/services/seo/",
  "/services/performance-marketing/",
  "/services-industry/",
  "/worths/",
  "/academy/",
  `/academy/${first(c.articles).slug}/`,
  "/company/",
  "/cookies/",
  "/privacy/",
  "/contacts/",
  "/projects/",
  `/projects/cases/${first(c.cases).slug}/`,
  `/projects/reviews/${first(c.reviews).slug}/`,
  "/agreement/",
  "/questions/",
];

describe("every route of the spec", () => {
  it.each(ROUTES)("%s answers 200 with the right layout", async (path) => {
    const { status, doc } = await getDocument(path);
    expect(status).toBe(200);
    const chrome = doc.querySelectorAll("body header.site-header, body footer.site-footer").length;
    expect(chrome).toBe(path === "/oferta/" ? 0 : 2);
    expect(doc.querySelectorAll("h1")).toHaveLength(1);
  });

  it.each(ROUTES)("%s: headings never skip a level going deeper, ids are unique", async (path) => {
    const { doc } = await getDocument(path);
    const levels = [...doc.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1]));
    const skips = levels.flatMap((level, i) => (i > 0 && level > (levels[i - 1] ?? 1) + 1 ? [`h${levels[i - 1]} → h${level}`] : []));
    expect(skips).toEqual([]);
    const ids = [...doc.querySelectorAll("[id]")].map((e) => e.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("/error/ is the error page, kept out of search engines", async () => {
    const res = await get("/error/");
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    const html = await res.text();
    expect(html).toContain("Сервер молчит, попробуйте обновить страницу");
    expect(html).toMatch(/<meta name="robots" content="noindex/);
  });
});

describe("404", () => {
  it.each(["/projects/unknown/any-slug/", "/projects/cases/no-such-case/", "/services/no-such-service/", "/academy/no-such/", "/career/no-such/", "/no-such-page/", "/deep/no/such/page/"])(
    "%s answers 404 with the not-found page",
    async (path) => {
      const { status, doc } = await getDocument(path);
      expect(status).toBe(404);
      expect(plain(doc.querySelector("h1")?.text)).toBe("Страница не найдена");
      expect(plain(doc.querySelector("main")?.text)).toContain("Такой страница нет. Может то, что вам интересно, находится в другом разделе?");
      const chips = doc.querySelectorAll("main nav a").map((a) => [a.text.trim(), a.getAttribute("href")]);
      expect(chips).toEqual([
        ["Портфолио", "/projects/"],
        ["Услуги", "/services/"],
        ["Академия", "/academy/"],
      ]);
      expect(plain(doc.querySelector("title")?.text)).toMatch(/^Страница не\sнайдена/);
      expect(doc.querySelectorAll("header.site-header, footer.site-footer")).toHaveLength(2);
    },
  );

  it("keeps the path in the error data: validate rule vs unmatched route", async () => {
    const validate = await (await get("/services/no-such-service/_.data")).text();
    expect(validate).toContain("Page Not Found: /services/no-such-service/");
    const unmatched = await (await get("/no-such-page/_.data")).text();
    expect(unmatched).toContain("Page not found: /no-such-page/");
  });
});

describe("metadata", () => {
  const pages = [...livePagePaths(), "/error/"];
  it.each(pages)("%s has title, description, Open Graph and canonical", async (path) => {
    const { doc } = await getDocument(path);
    const meta = (attr: string, name: string) => doc.querySelector(`meta[${attr}="${name}"]`)?.getAttribute("content") ?? "";
    expect(doc.querySelector("title")?.text.length).toBeGreaterThan(5);
    expect(meta("name", "description").length).toBeGreaterThan(20);
    expect(meta("property", "og:title").length).toBeGreaterThan(5);
    expect(meta("property", "og:description").length).toBeGreaterThan(20);
    expect(meta("property", "og:image")).toMatch(/^https?:\/\/[^/]+\/.+/);
    const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? "";
    expect(new URL(canonical).pathname).toBe(path);
    expect(canonical).toMatch(/^https?:\/\//);
  });

  it("does not take absolute URLs from the Host header", async () => {
    const res = await rawGet("/search/?q=x", { Host: "evil.example" });
    expect(res.status).toBe(200);
    expect(res.body).not.toContain("evil.example");
  });
});
