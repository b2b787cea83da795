import { existsSync, linkSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Content } from "#core/content/index.server.ts";
import { type AnalysedDoc, analyseRecord, type DocOutline, outlineOf } from "#core/search/analyse.ts";
import { assembleIndex, type IndexState } from "#core/search/assemble.ts";
import { analyseIndexed, customRecords, type IndexedPage, indexedPages } from "#core/search/sources.ts";

/** A page as a release keeps it for search: its outline, and the pack its analysis is in. */
export type StoredDoc = DocOutline & { pack: string };

/**
 * What a release keeps of search (search.json): the outline of every page, by
 * path, and the index's state, so the next release analyses only the pages it
 * renders and writes only the delta of the index (decision 021).
 *
 * The analyses themselves (every word of every page: ~150 MB at 5,000
 * articles) are in packs, `search-packs/<release id>.json`, each holding the
 * pages its release analysed; a release links the packs it still refers to
 * from the one before. Assembly needs only the outlines of most pages, so a
 * release reads and writes ~7 MB of search state instead of ~150 MB (1.8 s
 * read and 1.6 s write at that size), and opens a pack only for a page whose
 * postings or record it must write without having rendered it.
 */
export type SearchState = { docs: Record<string, StoredDoc>; index: IndexState | null };

export const EMPTY_SEARCH: SearchState = { docs: {}, index: null };

const STATE_FILE = "search.json";
const PACKS = "search-packs";
/** More packs than this, and every pack but the largest is folded into the new one (a few small ones, usually). */
const MAX_PACKS = 8;

/** The search state of the release in `dir`. A release made before packs kept whole analyses: only its index is of use. */
export function readSearchState(dir: string): SearchState {
  const state = JSON.parse(readFileSync(join(dir, STATE_FILE), "utf8")) as Partial<SearchState>;
  if (!state.docs || !("index" in state)) return EMPTY_SEARCH;
  const packed = Object.values(state.docs).every((doc) => typeof doc.pack === "string");
  return { docs: packed ? state.docs : {}, index: state.index ?? null };
}

export class SearchRecords {
  private readonly pages: Map<string, IndexedPage>;
  private readonly content: Content;
  private readonly previous: SearchState;
  private readonly previousDir: string | null;
  private readonly pack: string;
  /** Pages analysed by this release. */
  private readonly fresh = new Map<string, AnalysedDoc>();
  private readonly opened = new Map<string, Record<string, AnalysedDoc>>();
  readonly docs: Record<string, StoredDoc> = {};
  private index: IndexState | null = null;

  /** `pack`: this release's id; `previousDir`: the folder of the release before, where its packs are. */
  constructor(content: Content, previous: { state: SearchState; dir: string } | null, pack: string) {
    this.content = content;
    this.previous = previous?.state ?? EMPTY_SEARCH;
    this.previousDir = previous?.dir ?? null;
    this.pack = pack;
    this.pages = new Map(indexedPages(content).map((p) => [p.path, p]));
  }

  /** A page rendered by this release: analysed from its HTML. */
  rendered(path: string, html: string): void {
    const page = this.pages.get(path);
    if (!page) return;
    const doc = analyseIndexed(page, html);
    this.fresh.set(path, doc);
    this.docs[path] = { ...outlineOf(doc), pack: this.pack };
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
   * they are, and what the index reported.
   */
  assemble(): { files: Map<string, string>; carried: string[]; report: { rebuiltBase: boolean; deltaPages: number } } {
    const paths = [...this.pages.keys()].filter((path) => this.docs[path]);
    // Events and questions have no page: analysed from the content every time (a few dozen).
    const records = customRecords(this.content).map(analyseRecord);
    const outlines: DocOutline[] = [...paths.map((path) => this.docs[path] as StoredDoc), ...records];
    const analysis = (n: number): AnalysedDoc => (n < paths.length ? this.analysisOf(paths[n] as string) : (records[n - paths.length] as AnalysedDoc));
    const index = assembleIndex(outlines, this.content.searchSynonyms.groups, {
      previous: this.previous.index ?? undefined,
      analysis,
      glossary: this.content.searchGlossary.groups,
      pins: this.content.searchSynonyms.pins,
    });
    this.index = index.state;
    return { files: index.files, carried: index.carried, report: index.report };
  }

  /** Writes search.json and the packs into the release being made (after `assemble`). */
  save(dir: string): void {
    const packs = new Map<string, number>();
    for (const doc of Object.values(this.docs)) packs.set(doc.pack, (packs.get(doc.pack) ?? 0) + 1);
    packs.delete(this.pack);
    if (packs.size > MAX_PACKS) {
      const largest = [...packs].sort((a, b) => b[1] - a[1])[0]?.[0];
      for (const [path, doc] of Object.entries(this.docs)) {
        if (doc.pack === largest || doc.pack === this.pack) continue;
        this.fresh.set(path, this.analysisOf(path));
        this.docs[path] = { ...doc, pack: this.pack };
        packs.delete(doc.pack);
      }
    }
    mkdirSync(join(dir, PACKS), { recursive: true });
    for (const pack of packs.keys()) linkSync(this.packFile(pack), join(dir, PACKS, `${pack}.json`));
    const analyses: Record<string, AnalysedDoc> = {};
    for (const doc of this.fresh.values()) analyses[doc.hash] = doc;
    writeFileSync(join(dir, PACKS, `${this.pack}.json`), JSON.stringify(analyses));
    writeFileSync(join(dir, STATE_FILE), JSON.stringify({ docs: this.docs, index: this.index } satisfies SearchState));
  }

  private analysisOf(path: string): AnalysedDoc {
    const fresh = this.fresh.get(path);
    if (fresh) return fresh;
    const doc = this.docs[path] as StoredDoc;
    let pack = this.opened.get(doc.pack);
    if (!pack) {
      pack = JSON.parse(readFileSync(this.packFile(doc.pack), "utf8")) as Record<string, AnalysedDoc>;
      this.opened.set(doc.pack, pack);
    }
    const analysis = pack[doc.hash];
    if (!analysis) throw new Error(`search: the analysis of ${path} is missing from its pack ${doc.pack}`);
    return analysis;
  }

  private packFile(pack: string): string {
    const file = this.previousDir ? join(this.previousDir, PACKS, `${pack}.json`) : "";
    if (!existsSync(file)) throw new Error(`search: the pack ${pack} of the previous release is missing`);
    return file;
  }
}
