import { env } from "#core/config/env.server.ts";
import { sitemapEntries } from "#core/content/sitemap.server.ts";
import { escapeXml } from "../../lib/xml.ts";

/** /sitemap.xml: every canonical page with its lastmod (prerendered at build). */
export function loader() {
  const urls = sitemapEntries()
    .map((e) => `  <url><loc>${escapeXml(env.SITE_ORIGIN + e.path)}</loc><lastmod>${e.lastmod}</lastmod></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
