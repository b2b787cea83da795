import { coverImage } from "#core/content/uploads.server.ts";
import { content } from "#core/content/index.server.ts";
import type { Case, Review } from "#core/content/schemas/projects.ts";
import { caseCover } from "../../images/images.server.ts";
import { typographText } from "#core/content/typography.server.ts";
import type { CaseCardData, ReviewCardData } from "./work-cards.tsx";

/** Data for a case study or a review page, with its related work. */

const RELATED = 3;

function names() {
  const c = content();
  return {
    c,
    industry: new Map(c.industries.map((i) => [i.slug, i.name])),
    service: new Map(c.services.map((s) => [s.slug, s.name])),
  };
}

function caseCard(p: Case, industryName: Map<string, string>): CaseCardData {
  return { slug: p.slug, title: p.title, client: p.client, industry: industryName.get(p.industry) ?? p.industry, result: p.results[0], cover: caseCover(p) };
}

function reviewCard(r: Review): ReviewCardData {
  return { slug: r.slug, company: r.company, author: r.author, position: r.position, excerpt: r.description, rating: r.rating };
}

/** Most shared services first, the same industry breaking ties; the entry itself excluded. */
function related<T extends { slug: string; industry: string; services: readonly string[] }>(list: readonly T[], of: T): T[] {
  const score = (x: T) => x.services.filter((s) => of.services.includes(s)).length * 2 + (x.industry === of.industry ? 1 : 0);
  return list
    .filter((x) => x.slug !== of.slug && score(x) > 0)
    .map((x, i) => ({ x, i, s: score(x) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, RELATED)
    .map(({ x }) => x);
}

export function caseData(entry: Case) {
  const { c, industry, service } = names();
  return {
    kind: "case" as const,
    title: entry.title,
    description: entry.description,
    client: entry.client,
    industry: { slug: entry.industry, name: industry.get(entry.industry) ?? entry.industry },
    services: entry.services.map((slug) => ({ slug, name: service.get(slug) ?? slug })),
    period: entry.period,
    task: entry.task,
    solution: entry.solution,
    body: entry.body,
    // Units are short labels ("из 17") that the content loader leaves as written.
    results: entry.results.map((m) => ({ ...m, unit: typographText(m.unit) })),
    quote: entry.quote,
    cover: caseCover(entry),
    // A cover from «Медиа» is also the picture a shared link shows.
    og: coverImage(entry.cover)?.og ?? null,
    reviews: c.reviews.filter((r) => r.case === entry.slug).map(reviewCard),
    related: related(c.cases, entry).map((p) => caseCard(p, industry)),
  };
}

export function reviewData(entry: Review) {
  const { c, industry, service } = names();
  const ownCase = entry.case ? c.cases.find((p) => p.slug === entry.case) : undefined;
  return {
    kind: "review" as const,
    title: entry.title,
    description: entry.description,
    author: entry.author,
    position: entry.position,
    company: entry.company,
    rating: entry.rating,
    source: entry.source,
    published: entry.published,
    industry: { slug: entry.industry, name: industry.get(entry.industry) ?? entry.industry },
    services: entry.services.map((slug) => ({ slug, name: service.get(slug) ?? slug })),
    body: entry.body,
    case: ownCase ? caseCard(ownCase, industry) : undefined,
    related: related(c.reviews, entry).map(reviewCard),
  };
}
