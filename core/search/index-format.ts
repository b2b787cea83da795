/**
 * The files of the search index, written by each release (server/releases/search.ts) and read by
 * search-engine.ts (decisions 017 and 018). A query fetches the manifest, the
 * chunks holding its words (through a directory of chunks on a large site)
 * and one record per result shown (through the list that names it), never the
 * whole index: that keeps the first query small however many pages the site has.
 *
 * Every file but the manifest is named by its own content, so a publication
 * that changes one page adds a few files and reuses every other one byte for
 * byte (their compressed variants too):
 *
 *   manifest.json          the one fixed name, revalidated on every visit
 *   t/<hash>.json          a chunk of keys (Chunk) or a directory of chunks (Directory)
 *   l/<hash>.json          record names of RECORDS_PER_LIST consecutive ids
 *   r/<id>.<hash>.json     one record (DocRecord)
 *
 * The postings live in segments: a base built from every page, and a delta
 * built from the pages changed since (its ids supersede the base's postings
 * of the same ids). A publication rewrites the delta only; the base is built
 * anew when the delta grows past a limit.
 */
import type { SearchKind } from "./kinds.ts";
import type { PinTable } from "./pins.ts";

/** Where the index lives, relative to the client build and as a URL. */
export const SEARCH_INDEX_DIR = "search-index";
export const SEARCH_INDEX_URL = `/${SEARCH_INDEX_DIR}/`;
export const MANIFEST_FILE = "manifest.json";

/** Raised when the layout or a key's meaning changes: the builder then starts over instead of extending. */
export const INDEX_FORMAT = 2;

/** Record ids per record-name list: small, since a query shows results from up to 6 lists. */
export const RECORDS_PER_LIST = 64;
/** Characters of a record's content hash in its name (the id is in the name too, so they only tell versions of one record apart). */
export const RECORD_HASH_LENGTH = 6;
/** The kind character of an id whose page is gone. */
export const NO_RECORD = "-";
/** Fills a list's place for an id without a record (not a character of base64url hashes). */
export const NO_RECORD_HASH = ".".repeat(RECORD_HASH_LENGTH);

/** `[first key, file hash]`: a chunk, or a directory of chunks, holds the keys from its first up to the next entry's. */
export type Entry = [first: string, hash: string];

/** A set of postings: its chunks, listed directly (small segments) or through directories (large ones). */
export type Segment = {
  /** Chunks, in key order. */
  chunks?: Entry[];
  /** Directories (each a list of chunk entries), in key order. */
  dirs?: Entry[];
  /** Ids whose postings this segment holds in place of the segments before it. */
  ids?: number[];
};

/** A synonym group compiled for the engine: each member is the terms of a word or phrase. */
export type SynonymGroup = string[][];

export type Manifest = {
  format: typeof INDEX_FORMAT;
  /** Ids run from 0 to docs - 1. */
  docs: number;
  /** The kind of every id, one character: its position in SEARCH_KINDS in base 36, or NO_RECORD. */
  kinds: string;
  /** Hashes of the record-name lists: list i names the records of ids i * RECORDS_PER_LIST onwards. */
  lists: string[];
  /** Base first, then the delta, if any. */
  segments: Segment[];
  /** Words and phrases that mean the same, as terms (content/search-synonyms.yaml). */
  synonyms: SynonymGroup[];
  /**
   * The trade's vocabulary (content/search-glossary.yaml), too large for the
   * manifest every query reads: its groups are in files of their own, one per
   * first letter of a member, named here by that letter (glossaryUrl). A word
   * that finds nothing reads the file of its letter (ranking.ts).
   */
  glossary?: Record<string, string>;
  /** Pages pinned to queries (pins.ts): a query's key → its page's id, which the engine puts first. */
  pins?: PinTable;
};

/**
 * Keys of a chunk, sorted, with what they hold:
 * - a term (`маркетинг`): its postings, pairs of (id minus the previous pair's id, value);
 * - a term and PAIR_SEPARATOR (`контекстн `): the terms that follow it in a page's name, title,
 *   lead or a heading, each with the postings of the pair (`{"реклам": [...]}`); kept next to the
 *   term, so a query's pair is in the chunk its first word already fetched;
 * - TYPO_MARK and the first TYPO_GROUP letters of a term with one letter left out (`~ан`): those
 *   forms, each with the terms it comes from (`{"аналтик": ["аналитик"]}`), for typo tolerance.
 */
export type Postings = number[];
export type PairGroup = Record<string, Postings>;
export type TypoGroup = Record<string, string[]>;
export type Chunk = Record<string, Postings | PairGroup | TypoGroup>;
export type Directory = Entry[];

/** Separates a term from the terms that follow it: below every letter, so the group sorts right after its term. */
export const PAIR_SEPARATOR = " ";
/** Starts a typo group's key: sorts after Latin and before Cyrillic, so typo groups keep to their own stretch of chunks. */
export const TYPO_MARK = "~";
/** Letters of a form that name its typo group: a few hundred groups of tens of forms each. */
export const TYPO_GROUP = 2;

export const pairGroupKey = (first: string) => first + PAIR_SEPARATOR;
export const typoGroupKey = (form: string) => TYPO_MARK + form.slice(0, TYPO_GROUP);

/**
 * A posting's value: the term's weight in the page (1–255: how often and
 * where, against the length of each part), plus MARK_UNIT times its marks:
 * the length in terms of the shortest head (a name or the title) holding the
 * term (0 when none does), SHARED_ONLY when the page holds the term only in
 * text it shares with other pages (cards, calls to action), and KIND when
 * the term names what the page is («вакансия»). Rarity across the index is
 * computed when searching.
 */
export const WEIGHT_MAX = 255;
export const MARK_UNIT = 256;
export const HEAD_LENGTH_MAX = 15;
export const SHARED_ONLY = 16;
export const KIND = 32;

export const postingValue = (weight: number, headLength: number, sharedOnly: boolean, kind: boolean) =>
  weight + MARK_UNIT * (Math.min(headLength, HEAD_LENGTH_MAX) + (sharedOnly ? SHARED_ONLY : 0) + (kind ? KIND : 0));
export const postingWeight = (value: number) => value % MARK_UNIT;
const marks = (value: number) => Math.floor(value / MARK_UNIT);
export const postingHeadLength = (value: number) => marks(value) % SHARED_ONLY;
export const postingSharedOnly = (value: number) => (marks(value) & SHARED_ONLY) !== 0;
export const postingKind = (value: number) => (marks(value) & KIND) !== 0;

/** What a result shows: its link, title and kind, and the text its excerpt is cut from. */
export type DocRecord = { url: string; title: string; kind: SearchKind; text: string };

export const treeFileUrl = (hash: string) => `${SEARCH_INDEX_URL}t/${hash}.json`;
export const listUrl = (hash: string) => `${SEARCH_INDEX_URL}l/${hash}.json`;
export const recordUrl = (id: number, hash: string) => `${SEARCH_INDEX_URL}r/${id}.${hash}.json`;
export const glossaryUrl = (hash: string) => `${SEARCH_INDEX_URL}g/${hash}.json`;

/** The glossary file a term's groups are in: by its first letter. */
export const glossaryKey = (term: string) => [...term][0] ?? "";

/** A record-name list's text: the fixed-width hashes of its ids, NO_RECORD_HASH for an id without a record. */
export type RecordList = string;

/** The record name of `id` in its list. */
export function recordHash(list: RecordList, id: number): string | null {
  const at = (id % RECORDS_PER_LIST) * RECORD_HASH_LENGTH;
  const hash = list.slice(at, at + RECORD_HASH_LENGTH);
  return hash.length === RECORD_HASH_LENGTH && hash !== NO_RECORD_HASH ? hash : null;
}
