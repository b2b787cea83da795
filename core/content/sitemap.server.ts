import { feedPaths, type ListedPattern } from "../lib/addresses.ts";
import { paths } from "../lib/paths.ts";
import { type CollectionName, content } from "./index.server.ts";
import { landingVariants } from "./schemas/landings.ts";
import { contentModified } from "./source.server.ts";

export type SitemapEntry = { path: string; lastmod: string };

const newest = (dates: readonly string[]): string => dates.reduce((a, b) => (b > a ? b : a), "1970-01-01");

/** An entry's own date, or the day a release last published a change to it, whichever is later. */
const changed = (collection: CollectionName, slug: string, date: string): string => newest([date, contentModified(collection, slug) ?? date]);

/**
 * Every canonical, indexable page with the date its content last changed,
 * address by address of the address table (core/lib/addresses.ts) that lists pages:
 * the entry's own date (or the day a release published a change to it), or
 * the newest entry a list page shows, or the newest date on the site for
 * pages without dated content.
 */
export function sitemapEntries(): SitemapEntry[] {
  const c = content();
  const articleDate = (a: (typeof c.articles)[number]) => changed("articles", a.slug, a.updated ?? a.published);
  const caseDate = (p: (typeof c.cases)[number]) => changed("cases", p.slug, p.published);
  const reviewDate = (p: (typeof c.reviews)[number]) => changed("reviews", p.slug, p.published);
  const positionDate = (p: (typeof c.positions)[number]) => changed("positions", p.slug, p.published);
  const casesDate = newest([...c.cases.map(caseDate), ...c.reviews.map(reviewDate)]);
  const academyDate = newest(c.articles.map(articleDate));
  const careerDate = newest(c.positions.map(positionDate));
  const eventsDate = newest(c.events.map((e) => e.startsAt.slice(0, 10)));
  const siteDate = newest([casesDate, academyDate, careerDate, ...c.legal.map((d) => d.revised)]);
  const caseDates = new Map(c.cases.map((p) => [p.slug, caseDate(p)]));
  const serviceDate = (s: (typeof c.services)[number]) =>
    changed("services", s.slug, newest(s.cases.map((slug) => caseDates.get(slug) ?? "")) || siteDate);
  const legal = (slug: string) => {
    const page = c.legal.find((d) => d.slug === slug);
    return page ? changed("legal", slug, page.revised) : siteDate;
  };
  const page = (path: string, lastmod: string): SitemapEntry[] => [{ path, lastmod }];
  // Every address the table says is a page or a page per entry (the compiler says which is
  // missing), in the sitemap's order. Services with a template of their own are among /services/:slug.
  const addresses: { [P in ListedPattern]: SitemapEntry[] } = {
    "/": page(paths.home(), siteDate),
    "/services": page(paths.services(), siteDate),
    "/services/:slug": c.services.map((s) => ({ path: paths.service(s.slug), lastmod: serviceDate(s) })),
    "/services-industry": page(paths.servicesIndustry(), siteDate),
    "/projects": page(paths.projects(), casesDate),
    "/projects/:card/:slug": [
      ...c.cases.map((p) => ({ path: paths.project("cases", p.slug), lastmod: caseDate(p) })),
      ...c.reviews.map((p) => ({ path: paths.project("reviews", p.slug), lastmod: reviewDate(p) })),
    ],
    "/academy": page(paths.academy(), academyDate),
    "/academy/:slug": c.articles.map((a) => ({ path: paths.article(a.slug), lastmod: articleDate(a) })),
    "/sub": page(paths.sub(), academyDate),
    "/career": page(paths.career(), careerDate),
    "/career/:slug": c.positions.map((p) => ({ path: paths.position(p.slug), lastmod: positionDate(p) })),
    "/events": page(paths.events(), eventsDate),
    "/company": page(paths.company(), siteDate),
    "/worths": page(paths.worths(), siteDate),
    "/questions": page(paths.questions(), siteDate),
    "/contacts": page(paths.contacts(), siteDate),
    "/search": page(paths.search(), siteDate),
    "/oferta": page(paths.oferta(), legal("oferta")),
    "/cookies": page(paths.cookies(), legal("cookies")),
    "/privacy": page(paths.privacy(), legal("privacy")),
    "/agreement": page(paths.agreement(), legal("agreement")),
    // A landing kept from search engines is still rendered (landingPaths), never listed.
    "/lp/:slug/:variant?": c.landings.filter((l) => !l.hidden).map((l) => ({ path: paths.landing(l.slug), lastmod: changed("landings", l.slug, siteDate) })),
  };
  return Object.values(addresses).flat();
}

/** Every canonical, indexable page of the site, each with its trailing slash. */
export function livePagePaths(): string[] {
  return sitemapEntries().map((e) => e.path);
}

/** Machine-readable files prerendered next to the pages. */
export const FEED_PATHS = feedPaths();

/**
 * The landings' pages search engines are not shown (hidden ones) and every other variant of a
 * headline test (/lp/<slug>/b/): rendered like any page, served by the server, never listed.
 */
export function unlistedLandingPaths(): string[] {
  return content().landings.flatMap((l) => [
    ...(l.hidden ? [paths.landing(l.slug)] : []),
    ...landingVariants(l).slice(1).map((v) => paths.landingVariant(l.slug, v.key)),
  ]);
}

/**
 * What a release renders to files: every live page, the landings' unlisted pages, /error/
 * (served, but kept out of search engines) and the feeds, each with its trailing slash.
 */
export function prerenderPaths(): string[] {
  return [...livePagePaths(), ...unlistedLandingPaths(), paths.error(), ...FEED_PATHS];
}
