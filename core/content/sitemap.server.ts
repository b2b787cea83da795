import { paths } from "../lib/paths.ts";
import { type CollectionName, content } from "./index.server.ts";
import { contentModified } from "./source.server.ts";

export type SitemapEntry = { path: string; lastmod: string };

const newest = (dates: readonly string[]): string => dates.reduce((a, b) => (b > a ? b : a), "1970-01-01");

/** An entry's own date, or the day a release last published a change to it, whichever is later. */
const changed = (collection: CollectionName, slug: string, date: string): string => newest([date, contentModified(collection, slug) ?? date]);

/**
 * Every canonical, indexable page with the date its content last changed:
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
  return [
    { path: paths.home(), lastmod: siteDate },
    { path: paths.services(), lastmod: siteDate },
    ...c.services.map((s) => ({ path: paths.service(s.slug), lastmod: serviceDate(s) })),
    { path: paths.servicesIndustry(), lastmod: siteDate },
    { path: paths.projects(), lastmod: casesDate },
    ...c.cases.map((p) => ({ path: paths.project("cases", p.slug), lastmod: caseDate(p) })),
    ...c.reviews.map((p) => ({ path: paths.project("reviews", p.slug), lastmod: reviewDate(p) })),
    { path: paths.academy(), lastmod: academyDate },
    ...c.articles.map((a) => ({ path: paths.article(a.slug), lastmod: articleDate(a) })),
    { path: paths.sub(), lastmod: academyDate },
    { path: paths.career(), lastmod: careerDate },
    ...c.positions.map((p) => ({ path: paths.position(p.slug), lastmod: positionDate(p) })),
    { path: paths.events(), lastmod: eventsDate },
    { path: paths.company(), lastmod: siteDate },
    { path: paths.worths(), lastmod: siteDate },
    { path: paths.questions(), lastmod: siteDate },
    { path: paths.contacts(), lastmod: siteDate },
    { path: paths.search(), lastmod: siteDate },
    { path: paths.oferta(), lastmod: legal("oferta") },
    { path: paths.cookies(), lastmod: legal("cookies") },
    { path: paths.privacy(), lastmod: legal("privacy") },
    { path: paths.agreement(), lastmod: legal("agreement") },
  ];
}

/** Every canonical, indexable page of the site, each with its trailing slash. */
export function livePagePaths(): string[] {
  return sitemapEntries().map((e) => e.path);
}

/** Machine-readable files prerendered next to the pages. */
export const FEED_PATHS = [paths.sitemap(), paths.robots(), paths.academyRss()];

/**
 * What a release renders to files: every live page, /error/ (served, but
 * kept out of search engines) and the feeds, each with its trailing slash.
 */
export function prerenderPaths(): string[] {
  return [...livePagePaths(), paths.error(), ...FEED_PATHS];
}
