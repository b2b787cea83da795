/**
 * Search: reads the index a release wrote (index-format.ts) and answers
 * queries. One engine, three readers: the search page's, over HTTP
 * (app/routes/search/search-engine.ts, imported dynamically, so neither it nor
 * the index reaches a visitor who never searches); the server's, over the
 * live release's files, for the results in /search/?q=…'s HTML; and the
 * studio's, over the live release with the saved synonyms and pins laid over
 * it (server/studio/search-preview.ts), for a query's results after the next
 * publication.
 */
import { keepRecent } from "./recent.ts";
import { bindShortWords, excerpt, type ExcerptPart } from "./excerpt.ts";
import type { IndexReader, OpenIndex } from "./index-reader.ts";
import { SEARCH_KINDS, type SearchKind } from "./kinds.ts";
import { parseQuery } from "./query.ts";
import { MAX_QUERY_TERMS, MIN_PREFIX } from "./words.ts";
import { beginnings, type Lookup, type RankedDoc, rankPages } from "./ranking.ts";
import { switchLayout } from "./keyboard-layout.ts";
import { pinnedId } from "./pins.ts";

export type SearchHit = { url: string; title: string; kind: SearchKind; excerpt: ExcerptPart[] };

/** One match, best first; its record loads when it is shown. */
export type Ranked = RankedDoc;

export type SearchOutcome = {
  /** Matches of the query in every kind. */
  total: number;
  /** Matches per kind, whatever kind is selected. */
  counts: Record<SearchKind, number>;
  /** Matches within the selected kind (or all), best first. */
  results: readonly Ranked[];
  /** The terms that found them, for highlighting. */
  terms: readonly string[];
  /** The query as read with the other keyboard layout, when that is what found these pages («fyfkbnbrf» → «аналитика»). */
  switched?: string;
  /** The id of the page an editor pinned to the query (pins.ts), first among the results. */
  pinned?: number;
};

/**
 * A query that finds fewer pages than this as typed is tried with the other
 * keyboard layout too, and answered so when that finds more: a word typed on
 * the wrong layout is no word, yet its letters can match a page or two
 * through typos and transliteration.
 */
export const LAYOUT_FALLBACK_BELOW = 3;

const OUTCOMES_KEPT = 20;

export type SearchEngine = ReturnType<typeof createSearchEngine>;

/** An engine over one index reader: the page's (over HTTP), or a release's on the server. */
export function createSearchEngine(reader: IndexReader) {
  const { openIndex, lookupTerms, lookupPairs, lookupTypos, lookupGlossary, loadRecord } = reader;
  /**
   * Answers already computed, by kind and query: a committed query is searched
   * before the page updates, then asked for again by the page.
   */
  const outcomes = new Map<string, Promise<SearchOutcome>>();
  reader.onIndexForgotten(() => outcomes.clear());

  const lookupIn = ({ manifest }: OpenIndex): Lookup => ({
    terms: (term, prefix) => lookupTerms(manifest, term, prefix),
    pairs: (first, second, prefix) => lookupPairs(manifest, first, second, prefix),
    typos: (form) => lookupTypos(manifest, form),
    glossary: (term) => lookupGlossary(manifest, term),
  });

  /**
   * Fetches the chunks of a query's words, their synonyms and their other forms
   * before it is asked (while the visitor is still typing), without ranking:
   * that waits for the committed query, so keystrokes cost no ranking of
   * partial words.
   */
  async function preload(query: string): Promise<void> {
    const index = await openIndex();
    const concepts = parseQuery(query, index.manifest.synonyms);
    const terms = concepts.flatMap((c) => c.alternatives.flatMap((a) => a.terms));
    const words = concepts.flatMap((c) => (c.alternatives[0]?.typed && c.alternatives[0].terms.length === 1 ? c.alternatives[0].terms : []));
    await Promise.all([
      ...terms.map((t) => lookupTerms(index.manifest, t, t.length >= MIN_PREFIX)),
      ...words.flatMap((w) => beginnings(w)).map((b) => lookupTerms(index.manifest, b, true)),
    ]);
  }

  /** Pages answering the query, best first, with counts per kind. */
  function search(query: string, kind: SearchKind | null): Promise<SearchOutcome> {
    const key = `${kind ?? ""}|${query.trim().toLowerCase()}`;
    const known = outcomes.get(key);
    if (known) return known;
    const outcome = keepRecent(outcomes, key, answer(query, kind), OUTCOMES_KEPT);
    outcome.catch(() => outcomes.delete(key));
    return outcome;
  }

  async function answer(query: string, kind: SearchKind | null): Promise<SearchOutcome> {
    const index = await openIndex();
    const asTyped = await rankPages(index, parseQuery(query, index.manifest.synonyms), lookupIn(index));
    const switched = asTyped.ranked.length < LAYOUT_FALLBACK_BELOW ? switchLayout(query) : null;
    // Only words the pages use, switched from words they do not: «публичная оферта» finds one page
    // as typed, and its Latin letters must not win by matching two others through typos.
    const useSwitched = switched !== null && !(await allWordsKnown(index, query)) && (await allWordsKnown(index, switched));
    const other = useSwitched ? await rankPages(index, parseQuery(switched, index.manifest.synonyms), lookupIn(index)) : null;
    const whole = other !== null && switched !== null && other.ranked.length > asTyped.ranked.length ? { read: switched, ranking: other } : null;
    // Some words on one layout, some on the other («скь маркетинг»): those the pages do not use
    // switched where that makes a word they do, when the query was not switched whole and some word
    // found nothing as typed («утм», which the trade's vocabulary reads as UTM, is not «env»).
    const mixed = whole || asTyped.unheld === 0 ? null : await switchUnknownWords(index, query);
    const byWord = mixed !== null ? await rankPages(index, parseQuery(mixed, index.manifest.synonyms), lookupIn(index)) : null;
    const chosen = whole ?? (mixed !== null && byWord !== null && byWord.ranked.length > 0 ? { read: mixed, ranking: byWord } : null);
    const found = chosen?.ranking ?? asTyped;
    const { terms } = found;
    const pinned = pinnedId(index.manifest.pins, query) ?? (switched !== null ? pinnedId(index.manifest.pins, switched) : undefined);
    const ranked = withPinned(index, found.ranked, pinned);
    const counts = Object.fromEntries(SEARCH_KINDS.map((k) => [k, 0])) as Record<SearchKind, number>;
    const results: Ranked[] = [];
    for (const doc of ranked) {
      const recordKind = SEARCH_KINDS[parseInt(index.manifest.kinds[doc.id] ?? "", 36)] ?? "page";
      counts[recordKind] += 1;
      if (!kind || recordKind === kind) results.push(doc);
    }
    const shownFirst = pinned !== undefined && results[0]?.id === pinned;
    return { total: ranked.length, counts, results, terms, ...(chosen ? { switched: chosen.read } : {}), ...(shownFirst ? { pinned } : {}) };
  }

  /**
   * The pinned page first (pins.ts), whether the query found it or not; a pin
   * to a page the index has since lost is no pin.
   */
  function withPinned(index: OpenIndex, ranked: readonly Ranked[], pinned: number | undefined): readonly Ranked[] {
    if (pinned === undefined || (index.owner[pinned] ?? -1) < 0) return ranked;
    const top = ranked[0]?.score ?? 0;
    return [{ id: pinned, score: top + 1 }, ...ranked.filter((doc) => doc.id !== pinned)];
  }

  /**
   * `query` with each of its parts (between spaces: a Latin layout's «,» or «;» is a letter) that
   * holds a word the pages do not use switched to the other layout, where every word it then
   * holds is one they use; null when no part is.
   */
  async function switchUnknownWords(index: OpenIndex, query: string): Promise<string | null> {
    const parts = query.trim().split(/\s+/).slice(0, MAX_QUERY_TERMS);
    if (parts.length < 2) return null;
    const read = await Promise.all(
      parts.map(async (part) => {
        const other = switchLayout(part);
        return other !== null && !(await allWordsKnown(index, part)) && (await allWordsKnown(index, other)) ? other : null;
      }),
    );
    return read.some((other) => other !== null) ? parts.map((part, i) => read[i] ?? part).join(" ") : null;
  }

  /**
   * Whether every word of `query` as it is written is one the site knows: a term of the index (its own, not a form, typo or
   * synonym), or a word of the synonym table or of the trade's glossary, which the pages say another way («сео» of «ctj felbn»,
   * the pages' «SEO»; «удалёнка» of «elfktyrf», the pages' «удалённо»). The glossary's file of a word's letter is read only
   * for a word neither of the others knows, on a query that found little as typed.
   */
  async function allWordsKnown(index: OpenIndex, query: string): Promise<boolean> {
    const words = parseQuery(query, []).flatMap((c) => c.alternatives[0]?.terms ?? []);
    if (words.length === 0) return false;
    const known = async (t: string) =>
      index.tableWords.has(t) || (await lookupTerms(index.manifest, t, false)).length > 0 || (await lookupGlossary(index.manifest, t)).length > 0;
    const found = await Promise.all(words.map(known));
    return found.every(Boolean);
  }

  /** Hits already cut for an outcome, by record id (the same outcome is shown more than once). */
  const cutHits = new WeakMap<SearchOutcome, Map<number, SearchHit>>();

  /** Titles, links and highlighted excerpts of `outcome.results[from..to)`. */
  async function loadHits(outcome: SearchOutcome, from: number, to: number): Promise<SearchHit[]> {
    const { manifest } = await openIndex();
    let cut = cutHits.get(outcome);
    if (!cut) cutHits.set(outcome, (cut = new Map()));
    const hits = cut;
    return Promise.all(
      outcome.results.slice(from, to).map(async ({ id }) => {
        const known = hits.get(id);
        if (known) return known;
        const d = await loadRecord(manifest, id);
        const hit: SearchHit = { url: d.url, title: bindShortWords(d.title), kind: d.kind, excerpt: excerpt(d.text, outcome.terms) };
        hits.set(id, hit);
        return hit;
      }),
    );
  }

  return {
    /** The manifest: in the browser, revalidated against the server once per page load (a publication brings a new one). */
    loadEngine: (): Promise<OpenIndex> => openIndex(),
    preload,
    search,
    loadHits,
  };
}
