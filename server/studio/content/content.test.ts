import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { withRedirect } from "./references.ts";
import { COLLECTION_CATALOG, type CollectionName } from "#core/content/catalog.ts";
import { entryFiles, listSlugs, serializeEntry, validSlug, warmEntries } from "./files.ts";
import { sniff } from "./uploads.ts";

describe("what the studio writes", () => {
  it("names files from the catalog and a checked slug only", () => {
    expect(entryFiles("articles", "seo-audit")).toEqual(["academy/seo-audit.md"]);
    expect(entryFiles("pages", "-")).toEqual(["pages.yaml"]);
    expect(entryFiles("redirects", "-")).toEqual(["redirects.csv", "route-rules.json"]);
    for (const slug of ["..", "../x", "a/b", "A", "a--b", "-a", "x.md", "", "%2e", "a\u0000"]) expect(validSlug("articles", slug), slug).toBe(false);
    expect(validSlug("legal", "privacy")).toBe(true);
    expect(validSlug("legal", "other")).toBe(false);
    expect(() => entryFiles("articles", "../etc")).toThrow();
  });

  it("writes frontmatter in the schema's order with the body after it", () => {
    const files = serializeEntry("articles", { body: "Текст\n", tags: ["seo"], title: "Заголовок", slug: "x", published: "2026-11-20", unknown: 1 });
    expect(files.get("academy/x.md")).toBe("---\ntitle: Заголовок\ntags:\n  - seo\npublished: 2026-11-20\n---\nТекст\n");
  });

  it("writes the redirect tables in their own formats", () => {
    const files = serializeEntry("redirects", { redirects: [{ from: "/old/", to: "/new/" }], rules: [{ pattern: "/blog/**", redirect: "/academy/**", status: 301 }, { pattern: "/t/", redirect: "https://t.me/x", status: 302 }] });
    expect(files.get("redirects.csv")).toBe("from,to\n/old/,/new/\n");
    expect(JSON.parse(files.get("route-rules.json") as string)).toEqual({ "/blog/**": { redirect: "/academy/**" }, "/t/": { redirect: "https://t.me/x", status: 302 } });
  });

  it("adds a 301 without chains: rows that led to the old address lead to the new target", () => {
    const csv = "from,to\n/a/,/old/\n/b/,/c/\n/new/,/x/\n";
    expect(withRedirect(csv, "/old/", "/new/")).toBe("from,to\n/a/,/new/\n/b/,/c/\n/old/,/new/\n");
    // An address that was never on the site gets no row of its own: the rows that led to it are led on.
    expect(withRedirect(csv, "/old/", "/new/", false)).toBe("from,to\n/a/,/new/\n/b/,/c/\n");
  });
});

describe("reading the entries ahead after a start", () => {
  it("parses every collection entry in turns, and stops when the server does", async () => {
    const entries = (Object.keys(COLLECTION_CATALOG) as CollectionName[]).reduce((n, type) => n + listSlugs("content", type).length, 0);
    expect(entries).toBeGreaterThan(100);
    expect(await warmEntries("content")).toBe(entries);
    expect(await warmEntries("content", () => true)).toBe(0);
  });
});

describe("an upload's type is judged by its bytes", () => {
  it("knows JPEG, PNG, WebP and AVIF, and nothing else", async () => {
    const pixel = sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } });
    expect(sniff(await pixel.clone().jpeg().toBuffer())).toBe("jpg");
    expect(sniff(await pixel.clone().png().toBuffer())).toBe("png");
    expect(sniff(await pixel.clone().webp().toBuffer())).toBe("webp");
    expect(sniff(await pixel.clone().avif().toBuffer())).toBe("avif");
    for (const text of ["<svg/>", "<html>", "GIF89a", "%PDF-1.7", "PK\u0003\u0004", ""]) expect(sniff(Buffer.from(text)), text).toBeNull();
  });
});
