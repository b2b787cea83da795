import { content } from "#core/content/index.server.ts";
import { livePagePaths } from "#core/content/sitemap.server.ts";

/** `npm run test:full` sets it: the sweeps over every page, not one page per template. */
export const FULL_RUN = process.env.TEST_FULL === "1";

/**
 * One address per page template of the site (dynamic ones with a real
 * entry), named for screenshots and reports.
 */
export function pageTemplates(): Array<{ name: string; path: string }> {
  const c = content();
  const first = <T>(list: readonly T[], what: string): T => {
    if (!list[0]) throw new Error(`content has no ${what}`);
    return list[0];
  };
  const dedicated = new Set(["aso", "seo", "performance-marketing"]);
  const generic = c.services.find((s) => !dedicated.has(s.slug));
  if (!generic) throw new Error("content has no generic service");
  return [
    { name: "home", path: "/" },
    { name: "services", path: "/services/" },
    { name: "service", path: `/services/${generic.slug}/` },
    { name: "service-aso", path: "/services/aso/" },
    { name: "service-seo", path: "/services/seo/" },
    { name: "service-performance-marketing", path: "/services/performance-marketing/" },
    { name: "services-industry", path: "/services-industry/" },
    { name: "projects", path: "/projects/" },
    { name: "case", path: `/projects/cases/${first(c.cases, "cases").slug}/` },
    { name: "review", path: `/projects/reviews/${first(c.reviews, "reviews").slug}/` },
    { name: "academy", path: "/academy/" },
    { name: "article", path: `/academy/${first(c.articles, "articles").slug}/` },
    { name: "company", path: "/company/" },
    { name: "worths", path: "/worths/" },
    { name: "career", path: "/career/" },
    { name: "position", path: `/career/${first(c.positions, "positions").slug}/` },
    { name: "events", path: "/events/" },
    { name: "questions", path: "/questions/" },
    { name: "contacts", path: "/contacts/" },
    { name: "search", path: "/search/" },
    { name: "sub", path: "/sub/" },
    { name: "privacy", path: "/privacy/" },
    { name: "oferta", path: "/oferta/" },
    { name: "error", path: "/error/" },
    { name: "not-found", path: "/no-such-page/" },
  ];
}

/**
 * The pages a browser sweep visits: every live page (and the error page) in
 * `npm run test:full`; per commit, one page of each template, which is what
 * decides a page's layout, markup and scripts (content differs, not structure).
 */
export function sweptPages(): string[] {
  if (FULL_RUN) return [...livePagePaths(), "/error/"];
  return pageTemplates()
    .map((t) => t.path)
    .filter((path) => path !== "/no-such-page/");
}

/**
 * Pairs of a page and a width for a check that is not about width: per commit,
 * each page at one width, the widths taking turns (so every width is still seen);
 * every page at every width in `npm run test:full`.
 */
export function inTurn<W>(paths: readonly string[], widths: readonly W[]): Array<[string, W]> {
  return paths.flatMap((path, i) => widths.filter((_, w) => FULL_RUN || i % widths.length === w).map((width): [string, W] => [path, width]));
}
