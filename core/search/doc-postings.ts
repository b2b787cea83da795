/**
 * What one analysed page contributes to the index: its terms with their
 * weights and marks, the pairs of neighbouring terms where it says what it
 * is, the words typos are matched against; and, for its record, the text its
 * excerpts are cut from. Blocks the page shares with other pages (a call to action, a card
 * linking to another page) count for little and never alone: a term found
 * only there is marked, and the engine does not let such terms make a match.
 */
import { createHash } from "node:crypto";
import { HEAD_LENGTH_MAX, PAIR_SEPARATOR, postingValue, WEIGHT_MAX } from "./index-format.ts";
import type { AnalysedDoc, DocOutline, Field } from "./analyse.ts";
import { Numbering, type Vocabulary } from "./vocabulary.ts";
import { WEIGHTS } from "./weights.ts";

/** Text kept per record for excerpts: enough for long articles, bounded for the odd huge page. */
export const MAX_TEXT = 12_000;

export type DocPostings = {
  /** Keys (terms and pairs) by their number in the assembly's Vocabulary, each with its posting value (index-format.ts). */
  keys: Int32Array;
  values: Int32Array;
  /** Terms of the parts typos are matched against. */
  typoTerms: string[];
};

/** A page's own head: kept as its own whatever other pages hold. */
const HEAD_OF_PAGE: ReadonlySet<Field> = new Set(["name", "title", "lead", "kind"]);

/**
 * For every page, which of its blocks are furniture (1) rather than its own
 * text (0): a block on WEIGHTS.sharedBy pages or more, or another page's
 * name, title or lead (a card linking there). A page's own head is its own.
 */
export function findFurniture(docs: readonly DocOutline[]): Uint8Array[] {
  const blocks = new Numbering();
  const numbers = docs.map((doc) => doc.blocks.map((b) => blocks.number(b.key)));
  const pages = new Int32Array(blocks.keys.length);
  const isHead = new Uint8Array(blocks.keys.length);
  const seenOn = new Int32Array(blocks.keys.length).fill(-1);
  docs.forEach((doc, d) => {
    doc.blocks.forEach((b, i) => {
      const n = numbers[d]?.[i] as number;
      if (b.field === "kind" || seenOn[n] === d) return;
      seenOn[n] = d;
      pages[n] = (pages[n] as number) + 1;
      if (HEAD_OF_PAGE.has(b.field)) isHead[n] = 1;
    });
  });
  return docs.map((doc, d) =>
    Uint8Array.from(doc.blocks, (b, i) => {
      const n = numbers[d]?.[i] as number;
      const shared = (pages[n] as number) >= WEIGHTS.sharedBy || (isHead[n] === 1 && (pages[n] as number) > 1);
      return shared && !HEAD_OF_PAGE.has(b.field) ? 1 : 0;
    }),
  );
}

/**
 * What the page's postings and record are made from: its analysis and which
 * of its blocks are furniture. Equal signatures, equal files: a page whose
 * signature is unchanged since the last assembly needs nothing rewritten.
 */
export function signature(doc: DocOutline, furniture: Uint8Array): string {
  return createHash("sha1").update(doc.hash).update(furniture).digest("base64url");
}

const quantise = (weight: number) => Math.max(1, Math.min(WEIGHT_MAX, Math.round(weight * WEIGHT_MAX)));
const saturate = (count: number) => count / (count + WEIGHTS.saturation);

export function docPostings(doc: AnalysedDoc, furniture: Uint8Array, vocabulary: Vocabulary): DocPostings {
  // A part's length is its own: searched fields (facts.ts) count against each other, so a long
  // list of awards weighs as headings without diluting the page's own headings.
  const lengths = new Map<string, number>();
  const lengthKey = (b: AnalysedDoc["blocks"][number]) => (b.fact ? `fact:${b.field}` : b.field);
  doc.blocks.forEach((b, i) => {
    if (furniture[i] === 0) lengths.set(lengthKey(b), (lengths.get(lengthKey(b)) ?? 0) + b.terms.length);
  });

  const v = vocabulary;
  // The page's terms by their number in the assembly: one lookup per distinct term.
  const numbers = doc.terms.map((t) => v.number(t));
  v.reserve();
  const touched: number[] = [];
  const tally = (position: number) => {
    const n = numbers[position] as number;
    if (v.own[n] === 0 && v.furniture[n] === 0) touched.push(n);
    return n;
  };
  // Pairs by the positions of their terms, named once the page is read.
  const pairs = new Map<number, number>();
  const typoTerms = new Set<number>();
  for (const [i, b] of doc.blocks.entries()) {
    if (furniture[i] === 1) {
      for (const t of b.terms) {
        const n = tally(t);
        v.furniture[n] = (v.furniture[n] as number) + WEIGHTS.furniture;
      }
      continue;
    }
    const f = b.field;
    const effect = WEIGHTS.lengthEffect[f];
    const each = WEIGHTS.field[f] / (1 - effect + (effect * (lengths.get(lengthKey(b)) ?? 0)) / WEIGHTS.usualLength[f]);
    const head = WEIGHTS.head.includes(f) ? Math.min(HEAD_LENGTH_MAX, new Set(b.terms).size) : 0;
    for (const t of b.terms) {
      const n = tally(t);
      v.own[n] = (v.own[n] as number) + each;
      if (head > 0 && (v.head[n] === 0 || head < (v.head[n] as number))) v.head[n] = head;
      if (f === "kind") v.kind[n] = 1;
    }
    if (WEIGHTS.paired.includes(f)) {
      for (let i = 1; i < b.terms.length; i++) {
        const pair = (b.terms[i - 1] as number) * doc.terms.length + (b.terms[i] as number);
        pairs.set(pair, (pairs.get(pair) ?? 0) + WEIGHTS.field[f]);
      }
    }
    if (WEIGHTS.typos.includes(f)) for (const t of b.terms) typoTerms.add(t);
  }

  const keys = new Int32Array(touched.length + pairs.size);
  const values = new Int32Array(keys.length);
  touched.forEach((n, i) => {
    const own = v.own[n] as number;
    keys[i] = n;
    values[i] = postingValue(quantise(saturate(own + (v.furniture[n] as number))), v.head[n] as number, own === 0, v.kind[n] === 1);
    v.own[n] = v.furniture[n] = v.head[n] = v.kind[n] = 0;
  });
  const size = doc.terms.length;
  let at = touched.length;
  for (const [pair, weight] of pairs) {
    keys[at] = v.number(`${doc.terms[Math.floor(pair / size)]}${PAIR_SEPARATOR}${doc.terms[pair % size]}`);
    values[at++] = quantise(saturate(weight));
  }
  return { keys, values, typoTerms: [...typoTerms].map((t) => doc.terms[t] as string) };
}

/**
 * The text a page's excerpts are cut from: its own blocks (not its names,
 * kind, searched fields or furniture), in order, at most MAX_TEXT characters, cut at a word.
 * Made when its record is written, so the texts of thousands of pages never
 * wait for the postings to be written.
 */
export function excerptText(doc: AnalysedDoc, furniture: Uint8Array): string {
  const text = doc.blocks.filter((b, i) => furniture[i] === 0 && b.field !== "name" && b.field !== "kind" && !b.fact).map((b) => b.text).join(" ");
  if (text.length <= MAX_TEXT) return text;
  const end = text.lastIndexOf(" ", MAX_TEXT);
  return text.slice(0, end > 0 ? end : MAX_TEXT);
}
