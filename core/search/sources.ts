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
import type { SearchKind } from "./kinds.ts";
import type { RecordInput } from "./analyse.ts";

export type IndexedPage = {
  path: string;
  kind: SearchKind;
  /** Names the page goes by besides its breadcrumb: a case is also found by its client's name (a review's breadcrumb names it: «Отзыв: Медлиния»). */
  names?: string[];
};

/** Prerendered pages indexed from their HTML, each with its kind. */
export function indexedPages(c: Content): IndexedPage[] {
  const page = (path: string): IndexedPage => ({ path, kind: "page" });
  return [
    ...c.services.map((s): IndexedPage => ({ path: paths.service(s.slug), kind: "service" })),
    ...c.cases.map((p): IndexedPage => ({ path: paths.project("cases", p.slug), kind: "case", names: [p.client] })),
    ...c.reviews.map((p): IndexedPage => ({ path: paths.project("reviews", p.slug), kind: "review" })),
    ...c.articles.map((a): IndexedPage => ({ path: paths.article(a.slug), kind: "article" })),
    ...c.positions.map((p): IndexedPage => ({ path: paths.position(p.slug), kind: "position" })),
    // The pages of their own the address table says are searched as pages (core/lib/addresses.ts).
    ...pagesSearchedAs("page").map(page),
  ];
}

/**
 * Live pages left out on purpose (`searched: "list"` in the address table): hubs and lists whose
 * entries are indexed on their own (a hit on the list would only repeat its entries), and search
 * itself. Events and questions are indexed one by one as custom records.
 */
export const NOT_INDEXED: readonly string[] = pagesSearchedAs("list");

/** Visible text of rendered Markdown (content fields hold HTML), words of separate blocks kept apart. */
function text(html: string): string {
  return parse(html).structuredText.replace(/\s+/g, " ").trim();
}

/** Events and questions: entries of list pages, found one by one and linked by their anchor. */
export function customRecords(c: Content): RecordInput[] {
  const events = c.events.map(
    (e): RecordInput => ({
      url: paths.event(e.slug),
      kind: "event",
      title: e.title,
      lead: e.description,
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
  return [...events, ...questions];
}
