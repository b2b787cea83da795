import type { z } from "zod";
import { COLLECTION_CATALOG, type CollectionName, DOCUMENT_CATALOG, type DocumentName } from "./catalog.ts";
import { type FileCache, ContentError, loadCollection, loadDocument, type LoadOptions } from "./load.server.ts";
import { CONTENT_DIR } from "../config/folders.server.ts";
import { activeScope } from "./source.server.ts";
import { setUploadsRoot } from "./uploads.server.ts";

type Ordered = { order: number };
type Dated = { published: string };
const byOrder = (a: Ordered, b: Ordered) => a.order - b.order;
// ISO dates sort as strings; not localeCompare, which would load ICU's collation into the site's process.
const newestFirst = (a: Dated, b: Dated) => (a.published < b.published ? 1 : a.published > b.published ? -1 : 0);

/**
 * Every content type of the site (catalog.ts), with how a collection is
 * ordered where pages list it. This table is what loading and releases go by.
 */
export const COLLECTIONS = {
  services: { ...COLLECTION_CATALOG.services, sort: byOrder },
  industries: { ...COLLECTION_CATALOG.industries, sort: byOrder },
  cases: { ...COLLECTION_CATALOG.cases, sort: newestFirst },
  reviews: { ...COLLECTION_CATALOG.reviews, sort: newestFirst },
  articles: { ...COLLECTION_CATALOG.articles, sort: newestFirst },
  positions: { ...COLLECTION_CATALOG.positions, sort: null },
  events: { ...COLLECTION_CATALOG.events, sort: null },
  legal: { ...COLLECTION_CATALOG.legal, sort: null },
  landings: { ...COLLECTION_CATALOG.landings, sort: null },
} as const satisfies Record<CollectionName, unknown>;

export const DOCUMENTS = DOCUMENT_CATALOG;

export type { CollectionName, DocumentName };

type Collections = { [K in CollectionName]: Array<z.output<(typeof COLLECTIONS)[K]["schema"]>> };
type Documents = { [K in DocumentName]: z.output<(typeof DOCUMENTS)[K]["schema"]> };
export type Content = Collections & Documents;

export type LoadedContent = {
  content: Content;
  /** Each file read, by its path under the content folder, with the hash of its bytes. */
  files: Record<string, string>;
};

/**
 * Loads, validates and cross-checks every content file under `root`. A file
 * whose bytes hash as in `cache` is not parsed again (releases pass the
 * previous release's entries: at thousands of articles, rendering Markdown is
 * most of the time). Every problem is reported at once, each with its file and field.
 * `laid`: changes read as if written, what messages call the folder, hashes known (load.server.ts).
 */
export function loadContent(root = CONTENT_DIR, cache?: FileCache, laid: Pick<LoadOptions, "overlay" | "shownAs" | "knownHashes"> = {}): LoadedContent {
  setUploadsRoot(root);
  const files: Record<string, string> = {};
  const problems: string[] = [];
  const attempt = <T>(load: () => T): T | undefined => {
    try {
      return load();
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(error.message);
      return undefined;
    }
  };
  const collections = {} as Record<string, unknown[]>;
  for (const [name, { folder, schema, sort }] of Object.entries(COLLECTIONS)) {
    const entries = attempt(() => loadCollection(folder, schema, root, { cache, files, ...laid })) ?? [];
    collections[name] = sort ? entries.sort(sort as (a: unknown, b: unknown) => number) : entries;
  }
  const documents = {} as Record<string, unknown>;
  for (const [name, { file, schema }] of Object.entries(DOCUMENTS)) {
    documents[name] = attempt(() => loadDocument(file, schema, root, { cache, files, ...laid }));
  }
  if (problems.length > 0) throw new ContentError(problems.join("\n"));
  const content = { ...collections, ...documents } as Content;
  checkReferences(content);
  return { content, files };
}

let fromDisk: Content | null = null;

/**
 * The content pages are rendered from: inside a release or a preview, that
 * release's (reads are recorded while a release renders); elsewhere (the dev
 * server, scripts, tests) the files under content/, loaded once per process.
 */
export function content(): Content {
  const scope = activeScope();
  if (scope) return scope.content;
  fromDisk ??= loadContent().content;
  return fromDisk;
}

/**
 * A few fields of every entry of a collection, for a scan over all of them
 * (an article's related articles among thousands): the page depends on those
 * fields of every entry and on the collection's membership, recorded at once
 * instead of read by read (a read through the recording costs a trap each;
 * over 5,000 articles on 5,000 pages it was most of a full release). Only the
 * fields named can be read; index into `content()[collection]` for the rest.
 */
export function scanCollection<K extends keyof Content, F extends string & keyof ElementOf<Content[K]>>(
  collection: K,
  fields: readonly F[],
): ReadonlyArray<Pick<ElementOf<Content[K]>, F>> {
  const scope = activeScope();
  if (scope?.reads) {
    scope.reads.members.add(collection);
    for (const field of fields) scope.reads.every(collection, field);
  }
  return (scope ? scope.source.content : content())[collection] as unknown as ReadonlyArray<Pick<ElementOf<Content[K]>, F>>;
}

type ElementOf<T> = T extends ReadonlyArray<infer E> ? E : never;

/** Every slug reference must name an existing entry; the error names file and field. */
export function checkReferences(all: Content): void {
  const problems: string[] = [];
  const known = {
    services: new Set(all.services.map((s) => s.slug)),
    industries: new Set(all.industries.map((i) => i.slug)),
    cases: new Set(all.cases.map((c) => c.slug)),
  };
  const check = (file: string, field: string, kind: keyof typeof known, value: string | undefined) => {
    if (value !== undefined && !known[kind].has(value)) {
      problems.push(`  content/${file}: поле "${field}": нет записи «${value}» в разделе «${COLLECTION_CATALOG[kind].title}»`);
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
    if (!team.has(a.author)) problems.push(`  content/academy/${a.slug}.md: поле "author": в команде (company.yaml) нет сотрудника «${a.author}»`);
  }
  all.company.clients.forEach((c, i) => check("company.yaml", `clients.${i}.industry`, "industries", c.industry));
  const picked = { ...known, reviews: new Set(all.reviews.map((r) => r.slug)), events: new Set(all.events.map((e) => e.slug)), team, topics: new Set(all.questions.topics.map((t) => t.id)) };
  const words = { ...COLLECTION_CATALOG, team: { title: "Команда" }, topics: { title: "Вопросы и ответы" } };
  for (const l of all.landings) {
    l.blocks.forEach((block, i) => {
      const at = `content/landings/${l.slug}.md`;
      const miss = (field: string, kind: keyof typeof picked, value: string) => {
        if (!picked[kind].has(value)) problems.push(`  ${at}: поле "blocks.${i}.${field}": нет записи «${value}» в разделе «${words[kind].title}»`);
      };
      if (block.kind === "services" || block.kind === "cases" || block.kind === "reviews" || block.kind === "team") block.items.forEach((value, j) => miss(`items.${j}`, block.kind, value));
      if (block.kind === "questions" && block.topic !== undefined) miss("topic", "topics", block.topic);
      if (block.kind === "form" && block.event !== undefined) miss("event", "events", block.event);
    });
  }
  if (problems.length > 0) throw new ContentError(`Ссылки на несуществующие записи:\n${problems.join("\n")}`);
}
