/**
 * Assembles the index files (core/search/index-format.ts) from analysed
 * pages (analyse.ts) and the synonym table. Pure: analysed pages in, file
 * contents out. Given the state of the previous index, it keeps that index's
 * base segment and writes only what the changed pages need (decision 021).
 */
import {
  INDEX_FORMAT,
  listUrl,
  MANIFEST_FILE,
  type Manifest,
  NO_RECORD,
  NO_RECORD_HASH,
  RECORD_HASH_LENGTH,
  RECORDS_PER_LIST,
  recordUrl,
  SEARCH_INDEX_URL,
  type DocRecord,
  glossaryKey,
  glossaryUrl,
  type Segment,
  type SynonymGroup,
} from "./index-format.ts";
import { SEARCH_KINDS } from "./kinds.ts";
import { isLeftOutWord, plainWords, queryTokens } from "./words.ts";
import type { AnalysedDoc, DocOutline } from "./analyse.ts";
import { contentHash } from "./chunking.ts";
import { docPostings, type DocPostings, excerptText, findFurniture, signature } from "./doc-postings.ts";
import { Vocabulary } from "./vocabulary.ts";
import { compilePins, type SearchPin } from "./pins.ts";
import { buildSegment } from "./segment.ts";
import { WEIGHTS } from "./weights.ts";

/** What the next assembly needs to extend this index instead of starting over: keep it with the published files. */
export type IndexState = {
  format: typeof INDEX_FORMAT;
  /** Hash of the weights and the synonyms: when either changes, everything is built anew. */
  settings: string;
  /** Ids given out so far (the manifest's `docs`). */
  size: number;
  /** Every page by URL: its id (ids stay with their page, so unchanged postings stay as they are), signature and record. */
  pages: Record<string, { id: number; signature: string; record: string }>;
  base: {
    segment: Segment;
    /** Its files, carried into the next index while the base lives. */
    files: string[];
    /** The signature of every page as the base holds it, by URL. */
    signatures: Record<string, string>;
  };
};

export type AssembleOptions = {
  previous?: IndexState;
  /** Changed pages the delta segment may hold before the base is built anew (default: 2 % of the pages, at least 16). */
  maxDelta?: number;
  /** The trade's vocabulary (content/search-glossary.yaml): groups read only by a word that finds nothing. */
  glossary?: ReadonlyArray<readonly string[]>;
  /** Pages pinned to queries (content/search-synonyms.yaml): in the manifest only, so a pin changes no posting. */
  pins?: readonly SearchPin[];
  /**
   * The analysis of the n-th page, when `docs` are outlines: asked for only of
   * the pages whose postings or record are written (default: `docs` are analyses).
   */
  analysis?: (n: number) => AnalysedDoc;
};

export type AssembledIndex = {
  manifest: Manifest;
  /** URL path → contents: every file of the index except `carried` (a URL the previous index had holds the same bytes). */
  files: Map<string, string>;
  /** URL paths of files kept from the previous index as they are (not in `files`). */
  carried: string[];
  state: IndexState;
  report: { pages: number; rebuiltBase: boolean; deltaPages: number; removedPages: number; recordsWritten: number };
};

/**
 * Synonym groups as the engine matches them: each word or phrase as its
 * terms, read as a query is (without question words). A phrase left with one
 * meaningful word or none once those are dropped («о нас», «наши работы»,
 * «работа у вас») means more than that word: it is kept as all its words,
 * which a query of that phrase alone is matched against (query.ts), so
 * «работа» alone does not read as «кейсы».
 */
export function compileSynonyms(groups: ReadonlyArray<readonly string[]>): SynonymGroup[] {
  return groups
    .map((group) =>
      group
        .map((phrase) => {
          const terms = queryTokens(phrase).map((t) => t.term);
          const plain = plainWords(phrase);
          return terms.length < 2 && plain.some(isLeftOutWord) ? plain : terms;
        })
        .filter((terms) => terms.length > 0),
    )
    .filter((group) => group.length > 1);
}

/**
 * The glossary's files, one per first letter of a member's first term: each
 * holds every group with a member starting so, so a word reads one small file.
 */
function writeGlossary(groups: ReadonlyArray<readonly string[]>, files: Map<string, string>): Record<string, string> | undefined {
  if (groups.length === 0) return undefined;
  const byKey = new Map<string, SynonymGroup[]>();
  for (const group of compileSynonyms(groups)) {
    for (const key of new Set(group.map((member) => glossaryKey(member[0] ?? "")))) {
      if (!key) continue;
      byKey.set(key, [...(byKey.get(key) ?? []), group]);
    }
  }
  const named: Record<string, string> = {};
  for (const [key, keyed] of [...byKey].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const text = JSON.stringify(keyed);
    const hash = contentHash(text);
    files.set(glossaryUrl(hash), text);
    named[key] = hash;
  }
  return named;
}

/** Stable ids: each known page keeps its own; new pages get the next ones, in the order given. */
function assignIds(docs: readonly DocOutline[], previous: IndexState | undefined): { ids: number[]; size: number } {
  let size = previous?.size ?? 0;
  return { ids: docs.map((doc) => previous?.pages[doc.url]?.id ?? size++), size };
}

/** The record-name lists of ids 0 to size - 1, written to `files`. */
function writeLists(recordHashes: ReadonlyMap<number, string>, size: number, files: Map<string, string>): string[] {
  const lists: string[] = [];
  for (let from = 0; from < size; from += RECORDS_PER_LIST) {
    let names = "";
    for (let id = from; id < Math.min(size, from + RECORDS_PER_LIST); id++) names += recordHashes.get(id) ?? NO_RECORD_HASH;
    const text = JSON.stringify(names);
    const hash = contentHash(text);
    files.set(listUrl(hash), text);
    lists.push(hash);
  }
  return lists;
}

export function assembleIndex(docs: readonly DocOutline[], synonymGroups: ReadonlyArray<readonly string[]>, options: AssembleOptions = {}): AssembledIndex {
  const urls = new Set(docs.map((d) => d.url));
  if (urls.size !== docs.length) throw new Error("search index: two pages with one URL");
  const synonyms = compileSynonyms(synonymGroups);
  const settings = contentHash(JSON.stringify([INDEX_FORMAT, WEIGHTS, synonyms]));
  const previous = options.previous?.format === INDEX_FORMAT && options.previous.settings === settings ? options.previous : undefined;
  const { ids, size } = assignIds(docs, previous);

  const analysis = options.analysis ?? ((n: number) => asAnalysis(docs[n] as DocOutline));
  const furniture = findFurniture(docs);
  const signatures = docs.map((doc, n) => signature(doc, furniture[n] as Uint8Array));
  // Worked out only for the pages whose files are written.
  const vocabulary = new Vocabulary();
  const postingsOf = new Map<number, DocPostings>();
  const postings = (n: number) => postingsOf.get(n) ?? (postingsOf.set(n, docPostings(analysis(n), furniture[n] as Uint8Array, vocabulary)).get(n) as DocPostings);

  const changed = docs.flatMap((doc, n) => (previous?.base.signatures[doc.url] === signatures[n] ? [] : [n]));
  const removed = previous ? Object.keys(previous.base.signatures).filter((url) => !urls.has(url)) : [];
  const maxDelta = options.maxDelta ?? Math.max(16, Math.ceil(docs.length * 0.02));
  const keepBase = previous !== undefined && changed.length + removed.length <= maxDelta;

  const files = new Map<string, string>();
  const carried: string[] = [];
  const byId = (which: readonly number[]) => new Map(which.map((n) => [ids[n] as number, postings(n)]));
  const segments: Segment[] = [];
  let base: IndexState["base"];
  if (keepBase) {
    base = previous.base;
    carried.push(...base.files);
    segments.push(base.segment);
    if (changed.length > 0 || removed.length > 0) {
      const built = buildSegment(byId(changed), vocabulary, changed.map((n) => ids[n] as number).sort((a, b) => a - b));
      for (const [url, text] of built.files) files.set(url, text);
      segments.push(built.segment);
    }
  } else {
    const built = buildSegment(byId(docs.map((_, n) => n)), vocabulary);
    for (const [url, text] of built.files) files.set(url, text);
    base = { segment: built.segment, files: [...built.files.keys()], signatures: Object.fromEntries(docs.map((doc, n) => [doc.url, signatures[n] as string])) };
    segments.push(built.segment);
  }

  // Records: rewritten only for pages whose signature changed.
  const pages: IndexState["pages"] = {};
  const recordHashes = new Map<number, string>();
  let recordsWritten = 0;
  docs.forEach((doc, n) => {
    const id = ids[n] as number;
    const sig = signatures[n] as string;
    const known = previous?.pages[doc.url];
    let hash = known?.signature === sig ? known.record : null;
    if (hash) carried.push(recordUrl(id, hash));
    else {
      const full = analysis(n);
      const text = JSON.stringify({ url: doc.url, title: full.title, kind: doc.kind, text: excerptText(full, furniture[n] as Uint8Array) } satisfies DocRecord);
      hash = contentHash(text, RECORD_HASH_LENGTH);
      files.set(recordUrl(id, hash), text);
      recordsWritten += 1;
    }
    recordHashes.set(id, hash);
    pages[doc.url] = { id, signature: sig, record: hash };
  });

  const kinds = Array.from({ length: size }, () => NO_RECORD);
  docs.forEach((doc, n) => (kinds[ids[n] as number] = SEARCH_KINDS.indexOf(doc.kind).toString(36)));
  const glossary = writeGlossary(options.glossary ?? [], files);
  const pins = compilePins(options.pins ?? [], (url) => pages[url]?.id);
  const manifest: Manifest = {
    format: INDEX_FORMAT,
    docs: size,
    kinds: kinds.join(""),
    lists: writeLists(recordHashes, size, files),
    segments,
    synonyms,
    ...(glossary ? { glossary } : {}),
    ...(Object.keys(pins).length > 0 ? { pins } : {}),
  };
  files.set(`${SEARCH_INDEX_URL}${MANIFEST_FILE}`, JSON.stringify(manifest));

  return {
    manifest,
    files,
    carried: carried.filter((url) => !files.has(url)),
    state: { format: INDEX_FORMAT, settings, size, pages, base },
    report: { pages: docs.length, rebuiltBase: !keepBase, deltaPages: keepBase ? changed.length : 0, removedPages: removed.length, recordsWritten },
  };
}

function asAnalysis(doc: DocOutline): AnalysedDoc {
  if (!("terms" in doc)) throw new Error(`search index: ${doc.url} is an outline, and no analysis was given for it`);
  return doc as AnalysedDoc;
}
