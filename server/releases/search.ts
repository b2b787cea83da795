import type { Content } from "../../app/content/index.server.ts";
import { type AnalysedDoc, analysePage, analyseRecord } from "../../scripts/search-index/analyse.ts";
import { assembleIndex, type IndexState } from "../../scripts/search-index/assemble.ts";
import { customRecords, type IndexedPage, indexedPages } from "../../scripts/search-index/sources.ts";

/**
 * What a release keeps of search (search.json): every page analysed, by path,
 * so the next release analyses only the pages it renders; and the index's
 * state, so it writes only the delta (decision 021), not every file.
 */
export type SearchState = { docs: Record<string, AnalysedDoc>; index: IndexState | null };

export const EMPTY_SEARCH: SearchState = { docs: {}, index: null };

export class SearchRecords {
  private readonly pages: Map<string, IndexedPage>;
  private readonly content: Content;
  private readonly previous: SearchState;
  readonly docs: Record<string, AnalysedDoc> = {};

  constructor(content: Content, previous: SearchState) {
    this.content = content;
    this.previous = previous;
    this.pages = new Map(indexedPages(content).map((p) => [p.path, p]));
  }

  /** A page rendered by this release: analysed from its HTML. */
  rendered(path: string, html: string): void {
    const page = this.pages.get(path);
    if (page) this.docs[path] = analysePage({ html, url: path, kind: page.kind, names: page.names });
  }

  /** A page taken over from the previous release, with its analysis. */
  reused(path: string): void {
    const doc = this.previous.docs[path];
    if (this.pages.has(path) && !doc) throw new Error(`the previous release has no search analysis of ${path}`);
    if (doc) this.docs[path] = doc;
  }

  /**
   * The index over the pages (in the order of the page list), then events and
   * questions: files to write by URL path, files of the previous index kept as
   * they are, and the state the next release extends.
   */
  assemble(): { files: Map<string, string>; carried: string[]; state: SearchState; report: { rebuiltBase: boolean; deltaPages: number } } {
    const ordered = [...this.pages.keys()].flatMap((path) => (this.docs[path] ? [this.docs[path]] : []));
    const docs = [...ordered, ...customRecords(this.content).map(analyseRecord)];
    const index = assembleIndex(docs, this.content.searchSynonyms.groups, { previous: this.previous.index ?? undefined });
    return { files: index.files, carried: index.carried, state: { docs: this.docs, index: index.state }, report: index.report };
  }
}
