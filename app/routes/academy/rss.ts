import { env } from "#core/config/env.server.ts";
import { content } from "#core/content/index.server.ts";
import { paths } from "#core/lib/paths.ts";
import { escapeXml } from "../../lib/xml.ts";

/**
 * A plain-text field as the HTML RSS readers take `<description>` to be:
 * escaped once for HTML, then for XML, so `<img …>` typed into a description
 * reaches the reader as the text «<img …>», never as an element.
 */
function htmlText(text: string): string {
  return escapeXml(escapeXml(text));
}

/** RFC 822 date, as RSS 2.0 requires: 2026-03-05 → "Thu, 05 Mar 2026 09:00:00 +0300". */
function rfc822(isoDate: string): string {
  const date = new Date(`${isoDate}T09:00:00+03:00`);
  const [weekday, day, month, year, time] = date.toUTCString().replace(",", "").split(" ");
  return `${weekday}, ${day} ${month} ${year} ${time} +0000`;
}

/**
 * A feed is what a reader polls for news: the newest articles, not the archive.
 * Every article would make it megabytes at thousands of articles (3.8 MB at
 * 5,000), fetched on every poll and compressed again by every release that
 * touches any article; 50 is more than a reader shows and more than the
 * academy publishes in months.
 */
export const RSS_ITEMS = 50;

/** /academy/rss.xml: the newest academy articles, newest first. */
export function loader() {
  const c = content();
  const origin = env.SITE_ORIGIN;
  const authors = new Map(c.company.team.map((m) => [m.id, m.name]));
  const items = c.articles.slice(0, RSS_ITEMS).map((a) => {
    const link = escapeXml(origin + paths.article(a.slug));
    return [
      "    <item>",
      `      <title>${escapeXml(a.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${rfc822(a.published)}</pubDate>`,
      `      <dc:creator>${escapeXml(authors.get(a.author) ?? env.SITE_BRAND)}</dc:creator>`,
      `      <category>${escapeXml(a.category)}</category>`,
      `      <description>${htmlText(a.description)}</description>`,
      "    </item>",
    ].join("\n");
  });
  const newest = c.articles[0]?.published ?? "1970-01-01";
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(`Академия ${env.SITE_BRAND}`)}</title>
    <link>${escapeXml(origin + paths.academy())}</link>
    <description>${htmlText(c.pages.academy.description)}</description>
    <language>ru</language>
    <lastBuildDate>${rfc822(newest)}</lastBuildDate>
    <atom:link href="${escapeXml(origin + paths.academyRss())}" rel="self" type="application/rss+xml"/>
${items.join("\n")}
  </channel>
</rss>
`;
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
