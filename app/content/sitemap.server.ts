import { paths } from "../lib/paths.ts";
import { content } from "./index.server.ts";

/** Pages with no slug: one per static route. */
const STATIC_PAGES = [
  paths.home(),
  paths.sub(),
  paths.career(),
  paths.events(),
  paths.oferta(),
  paths.search(),
  paths.services(),
  paths.servicesIndustry(),
  paths.worths(),
  paths.academy(),
  paths.company(),
  paths.cookies(),
  paths.privacy(),
  paths.contacts(),
  paths.projects(),
  paths.agreement(),
  paths.questions(),
];

/** Every canonical, indexable page of the site, each with its trailing slash. */
export function livePagePaths(): string[] {
  const c = content();
  return [
    ...STATIC_PAGES,
    ...c.services.map((s) => paths.service(s.slug)),
    ...c.cases.map((p) => paths.project("cases", p.slug)),
    ...c.reviews.map((p) => paths.project("reviews", p.slug)),
    ...c.articles.map((a) => paths.article(a.slug)),
    ...c.positions.map((p) => paths.position(p.slug)),
  ];
}

/**
 * What the build prerenders: every live page plus /error/ (served, but kept
 * out of search engines). Built here with trailing slashes, because React
 * Router's getStaticPaths() strips them.
 */
export function prerenderPaths(): string[] {
  return [...livePagePaths(), paths.error()];
}
