/**
 * A segment's files: the sorted keys of some pages' postings (terms, pairs
 * grouped under their first term, typo forms grouped by their first letters)
 * cut into content-defined chunks, and, when there are many chunks,
 * directories of them.
 */
import { type Entry, PAIR_SEPARATOR, pairGroupKey, type Segment, treeFileUrl, typoGroupKey } from "./index-format.ts";
import { deletions } from "./typos.ts";
import { contentHash, cut } from "./chunking.ts";
import type { DocPostings } from "./doc-postings.ts";
import { Numbering, type Vocabulary } from "./vocabulary.ts";

/** Chunks of 6–16 KB before compression: what one query word fetches. */
const CHUNKS = { minBytes: 6_000, maxBytes: 16_000, spread: 128 };
/** Directories of about 45 chunks (about 1 KB compressed). */
const DIRECTORIES = { minBytes: 900, maxBytes: 2_400, spread: 32 };
/** Up to this many chunks are listed in the manifest itself; more go through directories. */
const DIRECT_CHUNKS = 48;
/** Typo keys are kept for terms of at least this many letters: shorter words are not typo-tolerant. */
const TYPO_MIN_TERM = 4;

export type BuiltSegment = { segment: Segment; files: Map<string, string> };

/**
 * One key of a file: its size there, and its text, made only when its file
 * is written (made up front, the texts of every key outlived the sorting and
 * cost the garbage collector more than writing them).
 */
type Keyed = { key: string; bytes: number; text: () => string };

/** Near enough for cutting: keys are mostly Cyrillic (two bytes in UTF-8), values ASCII. */
const keyBytes = (key: string) => 2 * key.length + 3;

const digits = (n: number) => (n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10_000 ? 4 : n < 100_000 ? 5 : String(n).length);

/** A key stored in a group (a pair's second term, a typo form) and its value. */
type Member = { inner: string; bytes: number; value: () => string };

function addMember<K>(groups: Map<K, Member[]>, key: K, member: Member): void {
  const members = groups.get(key);
  if (members) members.push(member);
  else groups.set(key, [member]);
}

/** A group of keys stored under one chunk key: its members' texts, in order, made when the chunk is written. */
function group(key: string, members: Member[]): Keyed {
  members.sort((a, b) => (a.inner < b.inner ? -1 : a.inner > b.inner ? 1 : 0));
  const bytes = members.reduce((sum, m) => sum + keyBytes(m.inner) + m.bytes, keyBytes(key) + 2);
  return { key, bytes, text: () => `${JSON.stringify(key)}:{${members.map((m) => `${JSON.stringify(m.inner)}:${m.value()}`).join(",")}}` };
}

/**
 * The postings of `docs` as chunk keys: each term's, and each term's pairs
 * grouped under it. Counted first, then laid out in one array of (id, value)
 * pairs, so thousands of pages add no growing list per key, and each list's
 * text is one native join.
 */
function postingEntries(docs: ReadonlyMap<number, DocPostings>, vocabulary: Vocabulary): Keyed[] {
  const ids = [...docs.keys()].sort((a, b) => a - b);
  const start = new Int32Array(vocabulary.keys.length + 1);
  for (const id of ids) for (const n of (docs.get(id) as DocPostings).keys) start[n + 1] = (start[n + 1] as number) + 2;
  for (let n = 1; n < start.length; n++) start[n] = (start[n] as number) + (start[n - 1] as number);
  const next = start.slice(0, -1);
  const laid = new Int32Array(start[start.length - 1] as number);
  for (const id of ids) {
    const { keys, values } = docs.get(id) as DocPostings;
    keys.forEach((n, i) => {
      const at = next[n] as number;
      laid[at] = id;
      laid[at + 1] = values[i] as number;
      next[n] = at + 2;
    });
  }
  const entries: Keyed[] = [];
  // Pairs by the number of their first term.
  const pairs = new Map<number, Member[]>();
  for (let n = 0; n + 1 < start.length; n++) {
    const from = start[n] as number;
    const to = start[n + 1] as number;
    if (from === to) continue;
    // Ids as differences from the previous one: small numbers, shorter text.
    for (let i = to - 2; i > from; i -= 2) laid[i] = (laid[i] as number) - (laid[i - 2] as number);
    let bytes = 2;
    for (let i = from; i < to; i++) bytes += digits(laid[i] as number) + 1;
    const value = () => `[${laid.subarray(from, to).join(",")}]`;
    const key = vocabulary.keys[n] as string;
    const split = key.indexOf(PAIR_SEPARATOR);
    if (split < 0) {
      entries.push({ key, bytes: keyBytes(key) + bytes, text: () => `${JSON.stringify(key)}:${value()}` });
      continue;
    }
    addMember(pairs, vocabulary.number(key.slice(0, split)), { inner: key.slice(split + 1), bytes, value });
  }
  for (const [first, members] of pairs) entries.push(group(pairGroupKey(vocabulary.keys[first] as string), members));
  return entries;
}

/** Typo groups of the terms of names and titles: each form with a letter left out, and the terms it comes from. */
function typoEntries(docs: ReadonlyMap<number, DocPostings>): Keyed[] {
  const typoTerms = new Set<string>();
  for (const doc of docs.values()) for (const t of doc.typoTerms) typoTerms.add(t);
  const forms = new Map<string, string[]>();
  for (const t of typoTerms) {
    if (t.length < TYPO_MIN_TERM) continue;
    for (const form of deletions(t)) {
      const targets = forms.get(form);
      if (targets) targets.push(t);
      else forms.set(form, [t]);
    }
  }
  const groups = new Map<string, Member[]>();
  for (const [form, targets] of forms) {
    const text = JSON.stringify(targets.sort());
    addMember(groups, typoGroupKey(form), { inner: form, bytes: text.length, value: () => text });
  }
  return [...groups].map(([key, members]) => group(key, members));
}

/**
 * Every key of `docs`, sorted, with its text in a chunk. The keys are sorted
 * as plain strings (half the time of sorting the entries by their key) and
 * found again by number.
 */
function keyEntries(docs: ReadonlyMap<number, DocPostings>, vocabulary: Vocabulary): Keyed[] {
  const entries = [...postingEntries(docs, vocabulary), ...typoEntries(docs)];
  const numbering = new Numbering();
  for (const e of entries) numbering.number(e.key);
  const keys = entries.map((e) => e.key).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return keys.map((key) => entries[numbering.number(key)] as Keyed);
}

/** Writes each run as a file named by its content; the entries that point to them, in order. */
function writeFiles(files: Map<string, string>, runs: Keyed[][], open: string, close: string): Entry[] {
  return runs.map((run) => {
    const text = open + run.map((e) => e.text()).join(",") + close;
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
  const listed = chunks.map(([first, hash]): Keyed => ({ key: first, bytes: keyBytes(first) + hash.length + 4, text: () => JSON.stringify([first, hash] satisfies Entry) }));
  const dirs = writeFiles(files, cut(listed, DIRECTORIES), "[", "]");
  return { segment: { dirs, ...withIds }, files };
}
