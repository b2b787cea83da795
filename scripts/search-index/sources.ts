/**
 * What goes into the search index and with which kind. Pure functions over
 * the loaded content and the prerendered HTML, so they are unit-tested
 * without building anything.
 */
import { type HTMLElement, parse } from "node-html-parser";
import type { Content } from "../../app/content/index.server.ts";
import { formatDate } from "../../app/lib/format.ts";
import { paths } from "../../app/lib/paths.ts";
import type { DocRecord } from "../../app/routes/search/index-format.ts";
import type { SearchKind } from "../../app/routes/search/kinds.ts";

export type IndexedPage = { path: string; kind: SearchKind };

/** Prerendered pages indexed from their HTML, each with its kind. */
export function indexedPages(c: Content): IndexedPage[] {
  const page = (path: string): IndexedPage => ({ path, kind: "page" });
  return [
    ...c.services.map((s): IndexedPage => ({ path: paths.service(s.slug), kind: "service" })),
    ...c.cases.map((p): IndexedPage => ({ path: paths.project("cases", p.slug), kind: "case" })),
    ...c.reviews.map((p): IndexedPage => ({ path: paths.project("reviews", p.slug), kind: "review" })),
    ...c.articles.map((a): IndexedPage => ({ path: paths.article(a.slug), kind: "article" })),
    ...c.positions.map((p): IndexedPage => ({ path: paths.position(p.slug), kind: "position" })),
    page(paths.company()),
    page(paths.contacts()),
    page(paths.worths()),
    page(paths.servicesIndustry()),
    page(paths.sub()),
    page(paths.privacy()),
    page(paths.cookies()),
    page(paths.agreement()),
    page(paths.oferta()),
  ];
}

/**
 * Live pages left out on purpose: hubs and lists whose entries are indexed
 * on their own (a hit on the list would only repeat its entries), and search
 * itself. Events and questions are indexed one by one as custom records.
 */
export const NOT_INDEXED: readonly string[] = [
  paths.home(),
  paths.services(),
  paths.projects(),
  paths.academy(),
  paths.career(),
  paths.events(),
  paths.questions(),
  paths.search(),
];

/** Visible text of an HTML fragment, words of separate blocks kept apart. */
function visibleText(html: HTMLElement): string {
  return html.structuredText.replace(/\s+/g, " ").trim();
}

/**
 * A prerendered page as a search record: only `<main>` is content (header,
 * footer and navigation are not), without the navigation inside it
 * (breadcrumbs, chips). Done here rather than in the components, so one
 * table decides what is searchable and pages stay unaware of search.
 */
export function pageDoc(html: string, kind: SearchKind, path: string): DocRecord {
  const main = parse(html).querySelector("main");
  if (!main) throw new Error(`search index: ${path} has no <main> element`);
  for (const node of main.querySelectorAll("nav, script, style, template, svg")) node.remove();
  const title = main.querySelector("h1")?.textContent.replace(/\s+/g, " ").trim();
  if (!title) throw new Error(`search index: ${path} has no <h1> in <main>`);
  return { url: path, title, kind, text: visibleText(main) };
}

/** Visible text of rendered Markdown (content fields hold HTML). */
function text(html: string): string {
  return visibleText(parse(html));
}

function record(url: string, title: string, kind: SearchKind, parts: Array<string | undefined>): DocRecord {
  // The title leads the text, as a page's <h1> leads its <main>.
  return { url, title, kind, text: [title, ...parts].filter(Boolean).join(". ") };
}

/** Events and questions: entries of list pages, found one by one and linked by their anchor. */
export function customRecords(c: Content): DocRecord[] {
  const events = c.events.map((e) =>
    record(paths.event(e.slug), e.title, "event", [
      formatDate(e.startsAt),
      e.city,
      e.place,
      e.description,
      ...e.speakers.map((s) => [s.name, s.role, s.talk].filter(Boolean).join(", ")),
      text(e.body),
    ]),
  );
  const questions = c.questions.topics.flatMap((topic) =>
    topic.items.map((item, i) =>
      record(paths.question(topic.id, i), item.question, "question", [topic.title, text(item.answer)]),
    ),
  );
  return [...events, ...questions];
}
