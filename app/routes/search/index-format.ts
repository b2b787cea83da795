/**
 * The files of the search index, written by scripts/search-index.ts and read
 * by search-engine.ts. A query fetches the manifest, the chunks holding its
 * terms and one record per result shown, never the whole index: that keeps
 * the first query small however many pages the site has.
 */
import type { SearchKind } from "./kinds.ts";

/** Where the index lives, relative to the client build and as a URL. */
export const SEARCH_INDEX_DIR = "search-index";
export const SEARCH_INDEX_URL = `/${SEARCH_INDEX_DIR}/`;
/** The one file with a fixed name: revalidated on every visit, it names the current version. */
export const MANIFEST_FILE = "manifest.json";

export type Manifest = {
  /** Hash of the index: its other files live under `<version>/` and never change. */
  version: string;
  /** Records in the index; a record's id is its position. */
  docs: number;
  /** The kind of every record, one character per id: the position of its kind in SEARCH_KINDS. */
  kinds: string;
  /** The first term of each chunk, in order: chunk i holds the terms from `chunks[i]` up to `chunks[i + 1]`. */
  chunks: string[];
};

/**
 * One chunk of the inverted index: for each term, the records holding it as
 * pairs of (id minus the previous pair's id, weight 1–255). The weight is the
 * term's importance in that record (how often, where, against its length);
 * rarity across the index is computed when searching.
 */
export type Chunk = Record<string, number[]>;

/** What a result shows: its link, title and kind, and the text its excerpt is cut from. */
export type DocRecord = { url: string; title: string; kind: SearchKind; text: string };

export const chunkUrl = (version: string, i: number) => `${SEARCH_INDEX_URL}${version}/t${i}.json`;
export const docUrl = (version: string, id: number) => `${SEARCH_INDEX_URL}${version}/d${id}.json`;
