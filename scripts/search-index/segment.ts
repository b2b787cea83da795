/**
 * A segment's files: the sorted keys of some pages' postings (and the typo
 * keys of their words) cut into content-defined chunks, and, when there are
 * many chunks, directories of them.
 */
import { type Entry, type Segment, treeFileUrl, TYPO_MARK } from "../../app/routes/search/index-format.ts";
import { deletions } from "../../app/routes/search/typos.ts";
import { contentHash, cut } from "./chunking.ts";
import type { DocPostings } from "./doc-postings.ts";
import type { Vocabulary } from "./vocabulary.ts";

/** Chunks of about 8–16 KB before compression: what one query word fetches. */
const CHUNKS = { minBytes: 6_000, maxBytes: 16_000, spread: 128 };
/** Directories of about 60 chunks. */
const DIRECTORIES = { minBytes: 900, maxBytes: 2_400, spread: 32 };
/** Up to this many chunks are listed in the manifest itself; more go through directories. */
const DIRECT_CHUNKS = 48;
/** A typo key is a word of at least this many letters with one left out: shorter words are not typo-tolerant. */
const TYPO_MIN_TERM = 4;

export type BuiltSegment = { segment: Segment; files: Map<string, string> };

/** One key of a file, as the text it takes there. */
type Serialised = { key: string; text: string; bytes: number };

function serialised(key: string, text: string): Serialised {
  // Near enough for cutting: keys are mostly Cyrillic (two bytes in UTF-8), values ASCII.
  return { key, text, bytes: text.length + key.length };
}

const chunkEntry = (key: string, value: number[] | string[]) => serialised(key, `${JSON.stringify(key)}:${JSON.stringify(value)}`);

/**
 * The postings of `docs`, key by key, as their text in a chunk: counted
 * first, then laid out in two arrays (ids and values), so thousands of pages
 * add no growing list per key.
 */
function postingEntries(docs: ReadonlyMap<number, DocPostings>, vocabulary: Vocabulary): Serialised[] {
  const ids = [...docs.keys()].sort((a, b) => a - b);
  const count = new Int32Array(vocabulary.keys.length + 1);
  for (const id of ids) for (const n of (docs.get(id) as DocPostings).keys) count[n + 1] = (count[n + 1] as number) + 1;
  for (let n = 1; n < count.length; n++) count[n] = (count[n] as number) + (count[n - 1] as number);
  const next = count.slice(0, -1);
  const postingIds = new Int32Array(count[count.length - 1] as number);
  const postingValues = new Int32Array(postingIds.length);
  for (const id of ids) {
    const { keys, values } = docs.get(id) as DocPostings;
    keys.forEach((n, i) => {
      const at = next[n] as number;
      postingIds[at] = id;
      postingValues[at] = values[i] as number;
      next[n] = at + 1;
    });
  }
  const entries: Serialised[] = [];
  for (let n = 0; n + 1 < count.length; n++) {
    const from = count[n] as number;
    const to = count[n + 1] as number;
    if (from === to) continue;
    // Ids as differences from the previous one: small numbers, shorter text.
    let text = `[${postingIds[from]},${postingValues[from]}`;
    for (let i = from + 1; i < to; i++) text += `,${(postingIds[i] as number) - (postingIds[i - 1] as number)},${postingValues[i]}`;
    const key = vocabulary.keys[n] as string;
    entries.push(serialised(key, `${JSON.stringify(key)}:${text}]`));
  }
  return entries;
}

/** Typo keys of the terms of names, titles and headings: each form with a letter left out, and the terms it comes from. */
function typoEntries(docs: ReadonlyMap<number, DocPostings>): Serialised[] {
  const typoTerms = new Set<string>();
  for (const doc of docs.values()) for (const t of doc.typoTerms) typoTerms.add(t);
  const typos = new Map<string, string[]>();
  for (const t of typoTerms) {
    if (t.length < TYPO_MIN_TERM) continue;
    for (const variant of deletions(t)) {
      const key = TYPO_MARK + variant;
      const targets = typos.get(key);
      if (targets) targets.push(t);
      else typos.set(key, [t]);
    }
  }
  return [...typos].map(([key, targets]) => chunkEntry(key, targets.sort()));
}

/** Every key of `docs`, sorted, with its text in a chunk. */
function keyEntries(docs: ReadonlyMap<number, DocPostings>, vocabulary: Vocabulary): Serialised[] {
  return [...postingEntries(docs, vocabulary), ...typoEntries(docs)].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Writes each run as a file named by its content; the entries that point to them, in order. */
function writeFiles(files: Map<string, string>, runs: Serialised[][], open: string, close: string): Entry[] {
  return runs.map((run) => {
    const text = open + run.map((e) => e.text).join(",") + close;
    const hash = contentHash(text);
    files.set(treeFileUrl(hash), text);
    return [run[0]?.key ?? "", hash];
  });
}

/** The files of a segment holding `docs` (id → postings), and how the manifest points to them. */
export function buildSegment(docs: ReadonlyMap<number, DocPostings>, vocabulary: Vocabulary, ids?: number[]): BuiltSegment {
  const files = new Map<string, string>();
  // A chunk's text is a Chunk, a directory's a Directory.
  const chunks = writeFiles(files, cut(keyEntries(docs, vocabulary), CHUNKS), "{", "}");
  const withIds = ids ? { ids } : {};
  if (chunks.length <= DIRECT_CHUNKS) return { segment: { chunks, ...withIds }, files };
  const listed = chunks.map(([first, hash]) => serialised(first, JSON.stringify([first, hash] satisfies Entry)));
  const dirs = writeFiles(files, cut(listed, DIRECTORIES), "[", "]");
  return { segment: { dirs, ...withIds }, files };
}
