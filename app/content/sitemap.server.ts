import { paths } from "../lib/paths.ts";
import { content } from "./index.server.ts";

export type SitemapEntry = { path: string; lastmod: string };

const newest = (dates: readonly string[]): string => dates.reduce((a, b) => (b > a ? b : a), "1970-01-01");

/**
 * Every canonical, indexable page with the date its content last changed:
 * the entry's own date, or the newest entry a list page shows, or the newest
 * date on the site for pages without dated content.
 */
export function sitemapEntries(): SitemapEntry[] {
  const c = content();
  const articleDate = (a: (typeof c.articles)[number]) => a.updated ?? a.published;
  const casesDate = newest([...c.cases, ...c.reviews].map((p) => p.published));
  const academyDate = newest(c.articles.map(articleDate));
  const careerDate = newest(c.positions.map((p) => p.published));
  const eventsDate = newest(c.events.map((e) => e.startsAt.slice(0, 10)));
  const siteDate = newest([casesDate, academyDate, careerDate, ...c.legal.map((d) => d.revised)]);
  const caseDate = new Map(c.cases.map((p) => [p.slug, p.published]));
  const serviceDate = (cases: readonly string[]) => newest(cases.map((slug) => caseDate.get(slug) ?? "")) || siteDate;
  const legal = (slug: string) => c.legal.find((d) => d.slug === slug)?.revised ?? siteDate;
  return [
    { path: paths.home(), lastmod: siteDate },
    { path: paths.services(), lastmod: siteDate },
    ...c.services.map((s) => ({ path: paths.service(s.slug), lastmod: serviceDate(s.cases) })),
    { path: paths.servicesIndustry(), lastmod: siteDate },
    { path: paths.projects(), lastmod: casesDate },
    ...c.cases.map((p) => ({ path: paths.project("cases", p.slug), lastmod: p.published })),
    ...c.reviews.map((p) => ({ path: paths.project("reviews", p.slug), lastmod: p.published })),
    { path: paths.academy(), lastmod: academyDate },
    ...c.articles.map((a) => ({ path: paths.article(a.slug), lastmod: articleDate(a) })),
    { path: paths.sub(), lastmod: academyDate },
    { path: paths.career(), lastmod: careerDate },
    ...c.positions.map((p) => ({ path: paths.position(p.slug), lastmod: p.published })),
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
 * What the build prerenders: every live page, /error/ (served, but kept out
 * of search engines) and the feeds. Built here with trailing slashes, because
 * React Router's getStaticPaths() strips them.
 */
export function prerenderPaths(): string[] {
  return [...livePagePaths(), paths.error(), ...FEED_PATHS];
}
