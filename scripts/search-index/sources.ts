/**
 * What goes into the search index and with which kind. Pure functions over
 * the loaded content and the prerendered HTML, so they are unit-tested
 * without building anything.
 */
import { parse } from "node-html-parser";
import type { Content } from "../../app/content/index.server.ts";
import { formatDate } from "../../app/lib/format.ts";
import { paths } from "../../app/lib/paths.ts";
import { KIND_FILTER, type SearchKind } from "../../app/routes/search/kinds.ts";

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

/**
 * Marks a prerendered page for Pagefind: only `<main>` is indexed (header,
 * footer and navigation are not content), and the page carries its kind as a
 * filter. Done here rather than in the components, so one table decides what
 * is searchable and pages stay unaware of search.
 */
export function markForIndex(html: string, kind: SearchKind, path: string): string {
  const main = /<main(?=[\s>])/.exec(html);
  if (!main) throw new Error(`search index: ${path} has no <main> element`);
  const marked = `<main data-pagefind-body data-pagefind-filter="${KIND_FILTER}:${kind}"`;
  return html.slice(0, main.index) + marked + html.slice(main.index + main[0].length);
}

export type CustomRecord = {
  url: string;
  content: string;
  language: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
};

/** Visible text of rendered Markdown (content fields hold HTML). */
function text(html: string): string {
  return parse(html).textContent.replace(/\s+/g, " ").trim();
}

function record(url: string, title: string, kind: SearchKind, parts: Array<string | undefined>): CustomRecord {
  return {
    url,
    // The title leads the content: custom records have no heading to weigh.
    content: [title, ...parts].filter(Boolean).join("\n"),
    language: "ru",
    meta: { title },
    filters: { [KIND_FILTER]: [kind] },
  };
}

/** Events and questions: entries of list pages, found one by one and linked by their anchor. */
export function customRecords(c: Content): CustomRecord[] {
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

/**
 * The part of Pagefind's output the site loads: the search API, its worker,
 * the Russian WebAssembly module and the index. Pagefind's ready-made UIs and
 * the other languages' modules are left out of the build.
 */
export function isRuntimeFile(path: string): boolean {
  return (
    /^(pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|wasm\.ru\.pagefind)$/.test(path) ||
    /^pagefind\.[\w-]+\.pf_meta$/.test(path) ||
    /^(index|fragment|filter)\/[\w-]+\.pf_(index|fragment|filter)$/.test(path)
  );
}
