/**
 * What goes into the search index and with which kind. Pure functions over
 * the loaded content and the prerendered HTML, so they are unit-tested
 * without building anything.
 */
import { parse } from "node-html-parser";
import type { Content } from "../content/index.server.ts";
import { formatDate } from "../lib/format.ts";
import { pagesSearchedAs } from "../lib/addresses.ts";
import { paths } from "../lib/paths.ts";
import { KIND_LABELS, type SearchKind } from "./kinds.ts";
import { type AnalysedDoc, analysePage, type RecordInput } from "./analyse.ts";
import { landingOfPath } from "../landings/variants.ts";
import { type Fact, searchedFacts, type TitleOf } from "./facts.ts";

export type IndexedPage = {
  path: string;
  kind: SearchKind;
  /** Names the page goes by besides its breadcrumb. */
  names?: string[];
  /** Its entry's fields that the schema says are searched, with their weight (a case's client and industry, a vacancy's city). */
  facts?: Fact[];
};

/** How a reference reads in search: the name of the entry it points to. */
function titles(c: Content): TitleOf {
  const byTarget: Record<string, Map<string, string>> = {
    services: new Map(c.services.map((s) => [s.slug, s.name])),
    industries: new Map(c.industries.map((i) => [i.slug, i.name])),
    cases: new Map(c.cases.map((p) => [p.slug, p.title])),
  };
  return (target, slug) => byTarget[target]?.get(slug);
}

/** Prerendered pages indexed from their HTML, each with its kind and its entry's searched facts. */
export function indexedPages(c: Content): IndexedPage[] {
  const titleOf = titles(c);
  // Pages of their own whose document has searched fields: the company's awards, the offices' addresses.
  const documents: Record<string, Fact[]> = {
    [paths.company()]: searchedFacts("company", c.company, titleOf),
    [paths.contacts()]: searchedFacts("contacts", c.contacts, titleOf),
  };
  const page = (path: string): IndexedPage => ({ path, kind: "page", ...(documents[path] ? { facts: documents[path] } : {}) });
  return [
    ...c.services.map((s): IndexedPage => ({ path: paths.service(s.slug), kind: "service", facts: searchedFacts("services", s, titleOf) })),
    ...c.cases.map((p): IndexedPage => ({ path: paths.project("cases", p.slug), kind: "case", facts: searchedFacts("cases", p, titleOf) })),
    ...c.reviews.map((p): IndexedPage => ({ path: paths.project("reviews", p.slug), kind: "review", facts: searchedFacts("reviews", p, titleOf) })),
    ...c.articles.map((a): IndexedPage => ({ path: paths.article(a.slug), kind: "article", facts: searchedFacts("articles", a, titleOf) })),
    ...c.positions.map((p): IndexedPage => ({ path: paths.position(p.slug), kind: "position", facts: searchedFacts("positions", p, titleOf) })),
    // The pages of their own the address table says are searched as pages (core/lib/addresses.ts).
    ...pagesSearchedAs("page").map(page),
  ];
}

/** A page of the list above, analysed from its prerendered HTML with its names and facts: the one way releases, benchmarks and tests do it. */
export function analyseIndexed(page: IndexedPage, html: string): AnalysedDoc {
  return analysePage({ html, url: page.path, kind: page.kind, names: page.names, facts: page.facts });
}

/**
 * Live pages left out on purpose (`searched: "list"` in the address table): the home page, which
 * only leads elsewhere, and search itself. Sections are found by their head (sectionRecords),
 * events and questions one by one as custom records.
 */
export const NOT_INDEXED: readonly string[] = pagesSearchedAs("list");

/** Whether a live page is left out of search on purpose: a list above, or a campaign's landing (reached from its ads). */
export const leftOutOfSearch = (path: string): boolean => NOT_INDEXED.includes(path) || landingOfPath(path) !== null;

/** Visible text of rendered Markdown (content fields hold HTML), words of separate blocks kept apart. */
function text(html: string): string {
  return parse(html).structuredText.replace(/\s+/g, " ").trim();
}

type Head = { heading: string; title: string; lead?: string };

/**
 * A section's front page by its head alone: its heading, the lead under it, the names the menu
 * and the footer give it («Кейсы и отзывы») and the names of what it lists («Вакансии»). A query
 * naming the section («вакансии», «блог» through the site's table) finds it; its list is left
 * out, since every entry it shows is indexed on its own and a hit on the list would only repeat them.
 */
export function sectionRecords(c: Content): RecordInput[] {
  const sections: Record<string, { head: Head; lists: SearchKind[] }> = {
    [paths.services()]: { head: c.pages.services, lists: ["service"] },
    [paths.projects()]: { head: c.pages.projects, lists: ["case", "review"] },
    [paths.academy()]: { head: c.pages.academy, lists: ["article"] },
    [paths.career()]: { head: c.pages.career, lists: ["position"] },
    [paths.events()]: { head: c.pages.events, lists: ["event"] },
    [paths.questions()]: { head: { heading: c.questions.title, title: c.questions.title, lead: c.questions.lead }, lists: ["question"] },
  };
  const links = [...c.navigation.main, ...c.navigation.footer.flatMap((group) => group.links)];
  return pagesSearchedAs("section").map((path): RecordInput => {
    const section = sections[path];
    if (!section) throw new Error(`search index: no head for the section ${path}`);
    const { head, lists } = section;
    const named = [head.title, ...links.filter((l) => l.to === path).map((l) => l.label), ...lists.map((k) => KIND_LABELS[k].many)];
    const names = [...new Set(named)].filter((n) => n !== head.heading);
    return { url: path, kind: "page", title: head.heading, lead: head.lead, names, body: [] };
  });
}

/** Sections by their head, events and questions one by one (linked by their anchor): results without a page of their own in the index. */
export function customRecords(c: Content): RecordInput[] {
  const titleOf = titles(c);
  const events = c.events.map(
    (e): RecordInput => ({
      url: paths.event(e.slug),
      kind: "event",
      title: e.title,
      lead: e.description,
      facts: searchedFacts("events", e, titleOf),
      body: [
        formatDate(e.startsAt),
        e.city,
        e.place,
        ...e.speakers.map((s) => [s.name, s.role, s.talk].filter(Boolean).join(", ")),
        text(e.body),
      ],
    }),
  );
  const questions = c.questions.topics.flatMap((topic) =>
    topic.items.map((item, i): RecordInput => ({ url: paths.question(topic.id, i), kind: "question", title: item.question, body: [topic.title, text(item.answer)] })),
  );
  return [...sectionRecords(c), ...events, ...questions];
}
