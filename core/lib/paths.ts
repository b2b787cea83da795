import type { ProjectCard } from "../content/schemas/projects.ts";
import type { FormKind } from "../forms/kinds.ts";

/**
 * Element ids of entries that live on a shared list page rather than a page
 * of their own (events, questions): the page renders them, search links to them.
 */
export const anchors = {
  event: (slug: string) => `event-${slug}`,
  /** `index` counts from 0 within the topic. */
  question: (topicId: string, index: number) => `question-${topicId}-${index + 1}`,
  /** A landing's form: where its buttons lead. */
  landingForm: () => "landing-form",
} as const;

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
  event: (slug: string) => `/events/#${anchors.event(slug)}`,
  oferta: () => "/oferta/",
  search: (query = "", type = "") => {
    const params = [query && `q=${encodeURIComponent(query)}`, type && `type=${encodeURIComponent(type)}`].filter(Boolean);
    return params.length > 0 ? `/search/?${params.join("&")}` : "/search/";
  },
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
  question: (topicId: string, index: number) => `/questions/#${anchors.question(topicId, index)}`,
  sitemap: () => "/sitemap.xml",
  robots: () => "/robots.txt",
  academyRss: () => "/academy/rss.xml",
  /** Where a form posts without JavaScript; answers with the result page or the form with its errors. */
  form: (kind: FormKind) => `/forms/${kind}/`,
  /** Where a form posts with JavaScript; answers JSON. */
  formApi: (kind: FormKind) => `/api/forms/${kind}/`,
  /** A campaign page of the marketers' (core/content/schemas/landings.ts). */
  landing: (slug: string) => `/lp/${slug}/`,
  /** A landing's other variant in a headline test: what the server serves at `landing` to a visitor who drew it. */
  landingVariant: (slug: string, variant: string) => `/lp/${slug}/${variant}/`,
  /** The newsletter's confirmation link (double opt-in). */
  confirm: () => "/sub/confirm/",
} as const;
