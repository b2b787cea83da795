import { env } from "#core/config/env.server.ts";
import { paths } from "#core/lib/paths.ts";

/**
 * /robots.txt: everything public is crawlable except search result views (the
 * error page stays crawlable so its noindex is seen); points at the sitemap.
 */
export function loader() {
  const body = [
    "User-agent: *",
    `Disallow: ${paths.search()}?`,
    "",
    `Sitemap: ${env.SITE_ORIGIN}${paths.sitemap()}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
