import type { Register } from "react-router";

/** The addresses of app/routes.ts, as React Router's type generation reads them (`react-router typegen`). */
export type Pattern = keyof Register["pages"];

/** The collections whose first entry stands for a template with parameters in the tests' sweeps. */
type Example = "services" | "cases" | "reviews" | "articles" | "positions" | "landings";

/**
 * What answers at an address:
 * - `page`: one page of its own, in the sitemap;
 * - `entries`: a page per entry of a collection, each in the sitemap;
 * - `service`: a service with a template of its own, listed among the services' entries;
 * - `feed`: a machine-readable file prerendered beside the pages;
 * - `form`, `form-api`, `confirm`: where forms post (with and without JavaScript) and the
 *   subscription's confirmation link: rendered on request, never listed;
 * - `error`: the error page, prerendered and kept out of search engines;
 * - `fallback`: the 404 page of every other address.
 */
type Is = "page" | "entries" | "service" | "feed" | "form" | "form-api" | "confirm" | "error" | "fallback";

/**
 * How search treats a page: `page` (its HTML indexed with the kind «страница»), `entries` (each
 * entry indexed from its HTML with its collection's kind: core/search/sources.ts), `section` (a
 * section's front page, found by its head alone: its names in the menu, its heading and lead, so
 * «вакансии» or «блог» finds the section while its entries are indexed on their own), `list` (the
 * home page and search itself, left out), `campaign` (a marketer's landing, left out: reached from
 * its campaign, not from the site's search).
 */
type Searched = "page" | "entries" | "section" | "list" | "campaign";

type Address = {
  is: Is;
  searched?: Searched;
  /**
   * The page template a browser sweep visits once per commit (tests/support/templates.ts): its
   * name, or for an address with parameters, each template's name with the collection whose first
   * entry fills them.
   */
  template?: string | Readonly<Partial<Record<string, Example>>>;
};

/**
 * Every address of the site, one row per line of app/routes.ts (the compiler says which is missing
 * or which no longer exists). What the sitemap lists and why not (core/content/sitemap.server.ts),
 * what search indexes (core/search/sources.ts), which addresses the forms' guard reads
 * (server/leads/guard.ts) and the templates the tests sweep (tests/support/templates.ts) derive
 * from this table; links are built by `paths` (core/lib/paths.ts).
 */
export const ADDRESSES = {
  "/": { is: "page", searched: "list", template: "home" },
  "/services": { is: "page", searched: "section", template: "services" },
  "/services/:slug": { is: "entries", searched: "entries", template: { service: "services" } },
  "/services/aso": { is: "service", template: "service-aso" },
  "/services/seo": { is: "service", template: "service-seo" },
  "/services/performance-marketing": { is: "service", template: "service-performance-marketing" },
  "/projects": { is: "page", searched: "section", template: "projects" },
  "/projects/:card/:slug": { is: "entries", searched: "entries", template: { case: "cases", review: "reviews" } },
  "/academy": { is: "page", searched: "section", template: "academy" },
  "/academy/:slug": { is: "entries", searched: "entries", template: { article: "articles" } },
  "/career": { is: "page", searched: "section", template: "career" },
  "/career/:slug": { is: "entries", searched: "entries", template: { position: "positions" } },
  "/events": { is: "page", searched: "section", template: "events" },
  "/questions": { is: "page", searched: "section", template: "questions" },
  "/search": { is: "page", searched: "list", template: "search" },
  "/company": { is: "page", searched: "page", template: "company" },
  "/contacts": { is: "page", searched: "page", template: "contacts" },
  "/worths": { is: "page", searched: "page", template: "worths" },
  "/services-industry": { is: "page", searched: "page", template: "services-industry" },
  "/sub": { is: "page", searched: "page", template: "sub" },
  "/privacy": { is: "page", searched: "page", template: "privacy" },
  "/cookies": { is: "page", searched: "page" },
  "/agreement": { is: "page", searched: "page" },
  "/oferta": { is: "page", searched: "page", template: "oferta" },
  // A landing at /lp/<slug>/, the other variants of its headline test at /lp/<slug>/b/ (served at the landing's address).
  "/lp/:slug/:variant?": { is: "entries", searched: "campaign", template: { landing: "landings" } },
  "/error": { is: "error", template: "error" },
  "/sitemap.xml": { is: "feed" },
  "/robots.txt": { is: "feed" },
  "/academy/rss.xml": { is: "feed" },
  "/forms/:form": { is: "form" },
  "/sub/confirm": { is: "confirm" },
  "/api/forms/:form": { is: "form-api" },
  "/*": { is: "fallback", template: "not-found" },
} as const satisfies { [P in Pattern]: Address };

type Table = typeof ADDRESSES;
/** The addresses the sitemap lists pages of (one, or one per entry). */
export type ListedPattern = { [P in Pattern]: Table[P]["is"] extends "page" | "entries" ? P : never }[Pattern];

const rows = Object.entries(ADDRESSES) as Array<[Pattern, Address]>;

/** A pattern without parameters as the address a visitor types: with its trailing slash, files without. */
export function staticPath(pattern: Pattern): string {
  if (pattern.includes(":") || pattern.includes("*")) throw new Error(`${pattern} has parameters`);
  return pattern === "/" || /\.\w+$/.test(pattern) ? pattern : `${pattern}/`;
}

/** The addresses of pages without parameters that search treats as `searched`. */
export function pagesSearchedAs(searched: Searched): string[] {
  return rows.filter(([pattern, a]) => a.searched === searched && !pattern.includes(":")).map(([pattern]) => staticPath(pattern));
}

/** The prerendered machine-readable files (sitemap, robots.txt, the feed). */
export function feedPaths(): string[] {
  return rows.filter(([, a]) => a.is === "feed").map(([pattern]) => staticPath(pattern));
}

/**
 * Where forms post and the confirmation link, as the forms' guard matches them: the fixed
 * part of each address before its parameter (`/forms/`, `/api/forms/`, `/sub/confirm`), followed
 * by a slash or the dot of React Router's `.data` requests.
 */
export function formAddressPattern(): RegExp {
  const stems = rows
    .filter(([, a]) => a.is === "form" || a.is === "form-api" || a.is === "confirm")
    .map(([pattern]) => pattern.split("/:")[0] as string)
    .map((stem) => stem.slice(1).replace(/[/.]/g, (c) => `\\${c}`));
  return new RegExp(`^\\/(${stems.join("|")})[/.]`);
}

/** The templates the tests sweep, each with its pattern and, for one with parameters, the collection that fills it. */
export function templates(): Array<{ name: string; pattern: Pattern; example?: Example }> {
  return rows.flatMap(([pattern, a]) => {
    if (a.template === undefined) return [];
    if (typeof a.template === "string") return [{ name: a.template, pattern }];
    return Object.entries(a.template).map(([name, example]) => ({ name, pattern, ...(example ? { example } : {}) }));
  });
}
