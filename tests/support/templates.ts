import { content } from "#core/content/index.server.ts";
import { paths } from "#core/lib/paths.ts";
import { livePagePaths } from "#core/content/sitemap.server.ts";
import { ADDRESSES, staticPath, templates } from "#core/lib/addresses.ts";

/** `npm run test:full` sets it: the sweeps over every page, not one page per template. */
export const FULL_RUN = process.env.TEST_FULL === "1";

/** The address of the fallback's template: no page of the site has it. */
const NOT_FOUND = "/no-such-page/";

/**
 * One address per page template of the site (the templates of the address table,
 * core/lib/addresses.ts; one with parameters filled from its collection's first entry), named
 * for screenshots and reports.
 */
export function pageTemplates(): Array<{ name: string; path: string }> {
  const c = content();
  return templates().map(({ name, pattern, example }) => {
    if (pattern === "/*") return { name, path: NOT_FOUND };
    if (!example) return { name, path: staticPath(pattern) };
    // A service with a template of its own has a row of its own: the generic template is another's.
    const entry = c[example].find((e) => !(`/services/${e.slug}` in ADDRESSES));
    if (!entry) throw new Error(`content has no ${example} for ${pattern}`);
    // An optional part (a landing's variant) is left out: the template's own page is without it.
    return { name, path: `${pattern.replace(":card", example).replace(":slug", entry.slug).replace(/\/:\w+\?/g, "")}/` };
  });
}

/**
 * The pages a browser sweep visits: every live page (and the error page) in
 * `npm run test:full`; per commit, one page of each template, which is what
 * decides a page's layout, markup and scripts (content differs, not structure).
 */
export function sweptPages(): string[] {
  if (FULL_RUN) return [...livePagePaths(), paths.error()];
  return pageTemplates()
    .map((t) => t.path)
    .filter((path) => path !== NOT_FOUND);
}

/**
 * Pairs of a page and a width for a check that is not about width: per commit,
 * each page at one width, the widths taking turns (so every width is still seen);
 * every page at every width in `npm run test:full`.
 */
export function inTurn<W>(paths: readonly string[], widths: readonly W[]): Array<[string, W]> {
  return paths.flatMap((path, i) => widths.filter((_, w) => FULL_RUN || i % widths.length === w).map((width): [string, W] => [path, width]));
}
