import type { ProjectCard } from "../content/schemas/projects.server.ts";

/**
 * Every internal address of the site, with its trailing slash. Components
 * link through these (lint forbids raw "/..." strings in JSX), so a renamed
 * route changes in one place.
 */
export const paths = {
  home: () => "/",
  sub: () => "/sub/",
  error: () => "/error/",
  career: () => "/career/",
  position: (slug: string) => `/career/${slug}/`,
  events: () => "/events/",
  oferta: () => "/oferta/",
  search: (query?: string) => (query ? `/search/?q=${encodeURIComponent(query)}` : "/search/"),
  services: () => "/services/",
  service: (slug: string) => `/services/${slug}/`,
  servicesIndustry: () => "/services-industry/",
  worths: () => "/worths/",
  academy: () => "/academy/",
  article: (slug: string) => `/academy/${slug}/`,
  company: () => "/company/",
  cookies: () => "/cookies/",
  privacy: () => "/privacy/",
  contacts: () => "/contacts/",
  projects: () => "/projects/",
  project: (card: ProjectCard, slug: string) => `/projects/${card}/${slug}/`,
  agreement: () => "/agreement/",
  questions: () => "/questions/",
  sitemap: () => "/sitemap.xml",
  robots: () => "/robots.txt",
  academyRss: () => "/academy/rss.xml",
} as const;
