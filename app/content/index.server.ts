import { ArticleSchema } from "./schemas/articles.server.ts";
import { PositionSchema } from "./schemas/careers.server.ts";
import {
  CompanySchema,
  ContactsSchema,
  QuestionsSchema,
  StaticPagesSchema,
  WorthsSchema,
} from "./schemas/documents.server.ts";
import { EventSchema } from "./schemas/events.server.ts";
import { IndustrySchema } from "./schemas/industries.server.ts";
import { LegalPageSchema } from "./schemas/legal.server.ts";
import { CaseSchema, ReviewSchema } from "./schemas/projects.server.ts";
import { SearchSynonymsSchema } from "./schemas/search.server.ts";
import { ServiceSchema } from "./schemas/services.server.ts";
import { ContentError, loadCollection, loadDocument, once } from "./load.server.ts";

/** Every collection and document, validated and cross-checked once per process. */
export const content = once(() => {
  const all = {
    services: loadCollection("services", ServiceSchema).sort((a, b) => a.order - b.order),
    industries: loadCollection("industries", IndustrySchema).sort((a, b) => a.order - b.order),
    cases: loadCollection("projects/cases", CaseSchema).sort(newestFirst),
    reviews: loadCollection("projects/reviews", ReviewSchema).sort(newestFirst),
    articles: loadCollection("academy", ArticleSchema).sort(newestFirst),
    positions: loadCollection("career", PositionSchema),
    events: loadCollection("events", EventSchema),
    legal: loadCollection("legal", LegalPageSchema),
    worths: loadDocument("worths.yaml", WorthsSchema),
    questions: loadDocument("questions.yaml", QuestionsSchema),
    company: loadDocument("company.yaml", CompanySchema),
    contacts: loadDocument("contacts.yaml", ContactsSchema),
    pages: loadDocument("pages.yaml", StaticPagesSchema),
    searchSynonyms: loadDocument("search-synonyms.yaml", SearchSynonymsSchema),
  };
  checkReferences(all);
  return all;
});

export type Content = ReturnType<typeof content>;

function newestFirst(a: { published: string }, b: { published: string }): number {
  return b.published.localeCompare(a.published);
}

/** Every slug reference must name an existing entry; the error names file and field. */
function checkReferences(all: Omit<Content, never>): void {
  const problems: string[] = [];
  const known = {
    services: new Set(all.services.map((s) => s.slug)),
    industries: new Set(all.industries.map((i) => i.slug)),
    cases: new Set(all.cases.map((c) => c.slug)),
  };
  const check = (file: string, field: string, kind: keyof typeof known, value: string | undefined) => {
    if (value !== undefined && !known[kind].has(value)) {
      problems.push(`  content/${file}: field "${field}": no ${kind} entry "${value}"`);
    }
  };
  for (const s of all.services) s.cases.forEach((c, i) => check(`services/${s.slug}.md`, `cases.${i}`, "cases", c));
  for (const ind of all.industries) {
    ind.services.forEach((s, i) => check(`industries/${ind.slug}.md`, `services.${i}`, "services", s));
  }
  for (const c of all.cases) {
    check(`projects/cases/${c.slug}.md`, "industry", "industries", c.industry);
    c.services.forEach((s, i) => check(`projects/cases/${c.slug}.md`, `services.${i}`, "services", s));
  }
  for (const r of all.reviews) {
    check(`projects/reviews/${r.slug}.md`, "case", "cases", r.case);
    check(`projects/reviews/${r.slug}.md`, "industry", "industries", r.industry);
    r.services.forEach((s, i) => check(`projects/reviews/${r.slug}.md`, `services.${i}`, "services", s));
  }
  const team = new Set(all.company.team.map((m) => m.id));
  for (const a of all.articles) {
    if (!team.has(a.author)) problems.push(`  content/academy/${a.slug}.md: field "author": no team member "${a.author}" in company.yaml`);
  }
  all.company.clients.forEach((c, i) => check("company.yaml", `clients.${i}.industry`, "industries", c.industry));
  if (problems.length > 0) throw new ContentError(`Broken content references:\n${problems.join("\n")}`);
}
