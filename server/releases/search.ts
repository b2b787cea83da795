import type { Content } from "../../app/content/index.server.ts";
import type { DocRecord } from "../../app/routes/search/index-format.ts";
import { buildIndex } from "../../scripts/search-index/build-index.ts";
import { customRecords, indexedPages, pageDoc } from "../../scripts/search-index/sources.ts";

/** Search records of the pages, by path: kept with a release, so the next one reads only the pages it renders. */
export type SearchDocs = Record<string, DocRecord>;

export class SearchRecords {
  private readonly kinds: Map<string, DocRecord["kind"]>;
  private readonly content: Content;
  private readonly previous: SearchDocs;
  readonly docs: SearchDocs = {};

  constructor(content: Content, previous: SearchDocs) {
    this.content = content;
    this.previous = previous;
    this.kinds = new Map(indexedPages(content).map((p) => [p.path, p.kind]));
  }

  /** A page rendered by this release: its record comes from its HTML. */
  rendered(path: string, html: string): void {
    const kind = this.kinds.get(path);
    if (kind) this.docs[path] = pageDoc(html, kind, path);
  }

  /** A page taken over from the previous release, with its record. */
  reused(path: string): void {
    const doc = this.previous[path];
    if (this.kinds.has(path) && !doc) throw new Error(`the previous release has no search record of ${path}`);
    if (doc) this.docs[path] = doc;
  }

  /** Index files by URL path: the pages' records in the order of the page list, then events and questions. */
  files(): Map<string, string> {
    const ordered = [...this.kinds.keys()].flatMap((path) => (this.docs[path] ? [this.docs[path]] : []));
    return buildIndex([...ordered, ...customRecords(this.content)]).files;
  }
}
