/**
 * Turns search records into the index files (format: app/routes/search/index-format.ts).
 * Pure: records in, file contents out, so it is unit-tested without a build.
 */
import { createHash } from "node:crypto";
import { type Chunk, chunkUrl, type DocRecord, docUrl, type Manifest, MANIFEST_FILE, SEARCH_INDEX_URL } from "../../app/routes/search/index-format.ts";
import { SEARCH_KINDS } from "../../app/routes/search/kinds.ts";
import { tokens } from "../../app/routes/search/words.ts";

/**
 * Target size of a chunk before compression. Smaller chunks mean less to
 * fetch per query word, more files; a term whose record list alone is larger
 * gets a chunk of its own.
 */
const CHUNK_BYTES = 12_000;
/** A word in the title counts as this many occurrences in the text. */
const TITLE_WEIGHT = 4;
/** BM25's saturation and length normalisation (the usual values). */
const K1 = 1.2;
const B = 0.75;
/** Text kept per record for excerpts: enough for long articles, bounded for the odd huge page. */
export const MAX_TEXT = 12_000;

export type IndexFiles = {
  manifest: Manifest;
  /** URL path → content, every file of the index including the manifest. */
  files: Map<string, string>;
};

export function buildIndex(docs: readonly DocRecord[]): IndexFiles {
  // term → record id → weighted count
  const counts = new Map<string, Map<number, number>>();
  const lengths: number[] = [];
  docs.forEach((doc, id) => {
    const add = (term: string, by: number) => {
      let perDoc = counts.get(term);
      if (!perDoc) counts.set(term, (perDoc = new Map()));
      perDoc.set(id, (perDoc.get(id) ?? 0) + by);
    };
    const words = tokens(doc.text);
    for (const t of words) add(t.term, 1);
    for (const t of tokens(doc.title)) add(t.term, TITLE_WEIGHT);
    lengths.push(words.length);
  });
  const averageLength = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);

  const postings = (perDoc: Map<number, number>): number[] => {
    const out: number[] = [];
    let previous = 0;
    for (const [id, tf] of [...perDoc].sort((a, b) => a[0] - b[0])) {
      const norm = K1 * (1 - B + (B * (lengths[id] ?? 0)) / averageLength);
      const saturation = (tf * (K1 + 1)) / (tf + norm); // 0 .. K1 + 1
      out.push(id - previous, Math.max(1, Math.min(255, Math.round((saturation / (K1 + 1)) * 255))));
      previous = id;
    }
    return out;
  };

  const chunks: Chunk[] = [];
  const firstTerms: string[] = [];
  let current: Chunk = {};
  let size = 0;
  for (const term of [...counts.keys()].sort()) {
    const list = postings(counts.get(term) as Map<number, number>);
    const bytes = term.length * 2 + list.join(",").length + 6;
    if (size > 0 && size + bytes > CHUNK_BYTES) {
      chunks.push(current);
      current = {};
      size = 0;
    }
    if (size === 0) firstTerms.push(term);
    current[term] = list;
    size += bytes;
  }
  if (size > 0) chunks.push(current);

  const chunkFiles = chunks.map((chunk) => JSON.stringify(chunk));
  const docFiles = docs.map((doc) => JSON.stringify({ ...doc, text: cut(doc.text) } satisfies DocRecord));
  const kinds = docs.map((doc) => SEARCH_KINDS.indexOf(doc.kind).toString(36)).join("");
  const hash = createHash("sha256");
  for (const part of [kinds, ...firstTerms, ...chunkFiles, ...docFiles]) hash.update(part).update("\0");
  const version = hash.digest("hex").slice(0, 12);

  const manifest: Manifest = { version, docs: docs.length, kinds, chunks: firstTerms };
  const files = new Map<string, string>([[`${SEARCH_INDEX_URL}${MANIFEST_FILE}`, JSON.stringify(manifest)]]);
  chunkFiles.forEach((file, i) => files.set(chunkUrl(version, i), file));
  docFiles.forEach((file, id) => files.set(docUrl(version, id), file));
  return { manifest, files };
}

/** At most MAX_TEXT characters, cut at a word boundary. */
function cut(text: string): string {
  if (text.length <= MAX_TEXT) return text;
  const end = text.lastIndexOf(" ", MAX_TEXT);
  return text.slice(0, end > 0 ? end : MAX_TEXT);
}
