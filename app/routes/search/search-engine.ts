/**
 * The browser side of search: reads the index the build wrote
 * (index-format.ts) and answers queries. The page imports this module
 * dynamically, so neither it nor the index reaches a visitor who never
 * searches. A query fetches the manifest once, the chunks holding its words,
 * and one record per result shown.
 */
import { keepRecent } from "./recent.ts";
import { excerpt, type ExcerptPart } from "./excerpt.ts";
import { type Chunk, chunkUrl, type DocRecord, docUrl, type Manifest, MANIFEST_FILE, SEARCH_INDEX_URL } from "./index-format.ts";
import { SEARCH_KINDS, type SearchKind } from "./kinds.ts";
import { matchWeight, MIN_PREFIX, queryTerms } from "./words.ts";

export type SearchHit = { url: string; title: string; kind: SearchKind; excerpt: ExcerptPart[] };

/** One match, best first; its record loads when it is shown. */
export type Ranked = { id: number; score: number };

export type SearchOutcome = {
  /** Matches of the query in every kind. */
  total: number;
  /** Matches per kind, whatever kind is selected. */
  counts: Record<SearchKind, number>;
  /** Matches within the selected kind (or all), best first. */
  results: readonly Ranked[];
  /** The query's terms, for highlighting. */
  terms: readonly string[];
};

/** Chunks one query word may fetch for its longer terms; typing further narrows the range. */
const MAX_PREFIX_CHUNKS = 2;

let manifest: Promise<Manifest> | undefined;
const chunks = new Map<string, Promise<Chunk>>();
const records = new Map<string, Promise<DocRecord>>();
/**
 * Answers already computed, by kind and terms: a committed query is searched
 * before the page updates, then asked for again by the page.
 */
const outcomes = new Map<string, Promise<SearchOutcome>>();
const OUTCOMES_KEPT = 20;

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`search: ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Fetched once per URL. A failure is fetched again next time, with the
 * manifest too: after a deploy the old version's files are gone.
 */
function once<T>(cache: Map<string, Promise<T>>, url: string): Promise<T> {
  let pending = cache.get(url);
  if (!pending) {
    pending = json<T>(url);
    pending.catch(() => {
      cache.delete(url);
      forgetIndex();
    });
    cache.set(url, pending);
  }
  return pending;
}

/** The manifest, revalidated against the server once per page load (a new build brings a new version). */
export function loadEngine(): Promise<Manifest> {
  manifest ??= json<Manifest>(`${SEARCH_INDEX_URL}${MANIFEST_FILE}`, { cache: "no-cache" });
  manifest.catch(forgetIndex);
  return manifest;
}

/** Drops the manifest and the answers computed from it: record ids belong to one version of the index. */
function forgetIndex(): void {
  manifest = undefined;
  outcomes.clear();
}

/** The chunk a term belongs in: the last one whose first term is not after it. */
function chunkOf(m: Manifest, term: string): number {
  let low = 0;
  let high = m.chunks.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((m.chunks[mid] as string) <= term) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Chunks that can hold `term` and, for a long enough word, the terms it begins. */
function chunksFor(m: Manifest, term: string): number[] {
  const first = chunkOf(m, term);
  const out = [first];
  if (term.length < MIN_PREFIX) return out;
  for (let i = first + 1; i < m.chunks.length && out.length <= MAX_PREFIX_CHUNKS; i += 1) {
    if (!(m.chunks[i] as string).startsWith(term)) break;
    out.push(i);
  }
  return out;
}

const loadChunk = (m: Manifest, i: number) => once(chunks, chunkUrl(m.version, i));

/** Fetches the chunks of a query's words before it is asked (while the visitor is still typing). */
export async function preload(query: string): Promise<void> {
  const m = await loadEngine();
  await Promise.all(queryTerms(query).flatMap((term) => chunksFor(m, term).map((i) => loadChunk(m, i))));
}

/** Score of every record matching `term` (whole or, if long enough, as a beginning). */
async function matches(m: Manifest, term: string): Promise<Map<number, number>> {
  const loaded = await Promise.all(chunksFor(m, term).map((i) => loadChunk(m, i)));
  const scores = new Map<number, number>();
  for (const chunk of loaded) {
    for (const [candidate, list] of Object.entries(chunk)) {
      const factor = matchWeight(candidate, term);
      if (factor === 0) continue;
      const holders = list.length / 2;
      const rarity = Math.log(1 + (m.docs - holders + 0.5) / (holders + 0.5));
      let id = 0;
      for (let i = 0; i < list.length; i += 2) {
        id += list[i] as number;
        const score = (rarity * factor * (list[i + 1] as number)) / 255;
        // A record holding several forms counts its best one.
        if (score > (scores.get(id) ?? 0)) scores.set(id, score);
      }
    }
  }
  return scores;
}

/** Records holding every word of the query, best first, with counts per kind. */
export function search(query: string, kind: SearchKind | null): Promise<SearchOutcome> {
  const terms = queryTerms(query);
  const key = `${kind ?? ""}|${terms.join(" ")}`;
  const known = outcomes.get(key);
  if (known) return known;
  const outcome = keepRecent(outcomes, key, rank(terms, kind), OUTCOMES_KEPT);
  outcome.catch(() => outcomes.delete(key));
  return outcome;
}

async function rank(terms: string[], kind: SearchKind | null): Promise<SearchOutcome> {
  const m = await loadEngine();
  const counts = Object.fromEntries(SEARCH_KINDS.map((k) => [k, 0])) as Record<SearchKind, number>;
  if (terms.length === 0) return { total: 0, counts, results: [], terms };
  const perTerm = await Promise.all(terms.map((term) => matches(m, term)));
  const ranked: Ranked[] = [];
  let total = 0;
  for (const [id, first] of perTerm[0] as Map<number, number>) {
    let score = first;
    for (const other of perTerm.slice(1)) {
      const s = other.get(id);
      if (s === undefined) {
        score = -1;
        break;
      }
      score += s;
    }
    if (score < 0) continue;
    const recordKind = SEARCH_KINDS[parseInt(m.kinds[id] ?? "", 36)] ?? "page";
    counts[recordKind] += 1;
    total += 1;
    if (!kind || recordKind === kind) ranked.push({ id, score });
  }
  ranked.sort((a, b) => b.score - a.score || a.id - b.id);
  return { total, counts, results: ranked, terms };
}

/** Hits already cut for an outcome, by record id (the same outcome is shown more than once). */
const cutHits = new WeakMap<SearchOutcome, Map<number, SearchHit>>();

/** Titles, links and highlighted excerpts of `outcome.results[from..to)`. */
export async function loadHits(outcome: SearchOutcome, from: number, to: number): Promise<SearchHit[]> {
  const m = await loadEngine();
  let cut = cutHits.get(outcome);
  if (!cut) cutHits.set(outcome, (cut = new Map()));
  const hits = cut;
  return Promise.all(
    outcome.results.slice(from, to).map(async ({ id }) => {
      const known = hits.get(id);
      if (known) return known;
      const d = await once(records, docUrl(m.version, id));
      const hit: SearchHit = { url: d.url, title: d.title, kind: d.kind, excerpt: excerpt(d.text, outcome.terms) };
      hits.set(id, hit);
      return hit;
    }),
  );
}
