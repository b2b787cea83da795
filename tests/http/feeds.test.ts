import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { livePagePaths } from "#core/content/sitemap.server.ts";
import { RSS_ITEMS } from "../../app/routes/academy/rss.ts";
import { get } from "../support/http.ts";

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => ["url", "item"].includes(name) });

/** Fetches a well-formed XML document and parses it. */
async function xml(path: string) {
  const res = await get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/xml/);
  const text = await res.text();
  expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text);
}

type SitemapUrl = { loc: string; lastmod: string };
type RssItem = { title: string; link: string; guid: { "#text": string; "@isPermaLink": string }; pubDate: string };

describe("/sitemap.xml", () => {
  it("lists exactly the live canonical pages, each with a lastmod", async () => {
    const urls: SitemapUrl[] = (await xml("/sitemap.xml")).urlset.url;
    const locs = urls.map((u) => new URL(u.loc));
    expect(locs.map((u) => u.pathname).sort()).toEqual([...livePagePaths()].sort());
    expect(new Set(locs.map((u) => u.origin)).size).toBe(1);
    for (const u of urls) expect(u.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(locs.map((u) => u.pathname)).not.toContain("/error/");
  });

  it("lists no address that redirects or is missing", async () => {
    const urls: SitemapUrl[] = (await xml("/sitemap.xml")).urlset.url;
    const statuses = await Promise.all(urls.map(async (u) => [u.loc, (await get(new URL(u.loc).pathname)).status] as const));
    expect(statuses.filter(([, s]) => s !== 200)).toEqual([]);
  });
});

describe("/robots.txt", () => {
  it("allows crawling and names the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });
});

describe("/academy/rss.xml", () => {
  it("is RSS 2.0 listing the newest articles (every one of the demo site's), newest first, with absolute links", async () => {
    const { rss } = await xml("/academy/rss.xml");
    expect(rss["@version"]).toBe("2.0");
    for (const tag of ["title", "link", "description"]) expect(String(rss.channel[tag]).length).toBeGreaterThan(0);
    const items: RssItem[] = rss.channel.item;
    for (const item of items) {
      expect(item.title.length).toBeGreaterThan(0);
      expect(item.link).toMatch(/^https?:\/\/[^/]+\/academy\/[a-z0-9-]+\/$/);
      expect(item.guid["#text"]).toBe(item.link);
      expect(item.pubDate).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    }
    const newest = content().articles.slice(0, RSS_ITEMS);
    expect(newest.length).toBe(content().articles.length);
    expect(items.map((i) => new URL(i.link).pathname)).toEqual(newest.map((a) => `/academy/${a.slug}/`));
  });
});
