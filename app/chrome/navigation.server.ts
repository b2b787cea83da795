import { content } from "#core/content/index.server.ts";
import type { SiteNav } from "#core/content/schemas/navigation.ts";

/*
 * The site's navigation lists, edited as content (content/navigation.yaml).
 * They reach the browser as root loader data (app/root.tsx), sent once with
 * the first page, rather than as code every page downloads. Read through
 * content(), so a release knows which pages show them.
 */
export function siteNav(): SiteNav {
  return content().navigation;
}

export type { SiteNav };
