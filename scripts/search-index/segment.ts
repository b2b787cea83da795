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

/** The keys of `docs` (id → postings), sorted, each with its value. */
function keyEntries(docs: ReadonlyMap<number, DocPostings>, vocabulary: Vocabulary): Serialised[] {
  // Per key: its postings, ids as differences from the previous one (small numbers, shorter text).
  const postings: number[][] = [];
  const lastIds: number[] = [];
  const typoTerms = new Set<string>();
  for (const id of [...docs.keys()].sort((a, b) => a - b)) {
    const { keys, values, typoTerms: words } = docs.get(id) as DocPostings;
    for (let i = 0; i < keys.length; i++) {
      const n = keys[i] as number;
      const list = postings[n];
      if (list) list.push(id - (lastIds[n] as number), values[i] as number);
      else postings[n] = [id, values[i] as number];
      lastIds[n] = id;
    }
    for (const t of words) typoTerms.add(t);
  }
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
  const entries: Serialised[] = [];
  postings.forEach((list, n) => entries.push(chunkEntry(vocabulary.keys[n] as string, list)));
  for (const [key, targets] of typos) entries.push(chunkEntry(key, targets.sort()));
  return entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
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
