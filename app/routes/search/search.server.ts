import type { RouterContextProvider } from "react-router";
import { searchIndexContext } from "#core/lib/load-context.server.ts";
import type { IndexReader } from "#core/search/index-reader.ts";
import type { SearchKind } from "#core/search/kinds.ts";
import { createSearchEngine, type SearchEngine } from "#core/search/engine.ts";
import { PAGE_SIZE, type Shown } from "./use-search.ts";

/** The longest query answered on the server; the field takes any, the engine reads its first words anyway. */
export const QUERY_MAX = 200;

/**
 * How long the server waits for the engine before it sends the page without
 * results (the page's own engine then answers, as before issue 58): a query
 * answers in 20–40 ms on a loaded VM (docs/search.md), a cold release's first
 * chunks read from disk in a few more, so this is only reached when something
 * is wrong, and the page is never held up by search.
 */
export const ANSWER_WITHIN_MS = 500;

const engines = new WeakMap<IndexReader, SearchEngine>();

/**
 * The first results of /search/?q=…, rendered into the page's HTML: a visitor
 * without JavaScript sees them, and everyone sees them at first paint. The
 * same engine as the page's, over the live release's index; the page's own
 * engine takes over once it has loaded. Null where no index is handed over
 * (a release's pages, a preview) or its files are missing (the dev server, whose content
 * has no index: releases make it), the query is longer than
 * QUERY_MAX, the search fails or takes longer than `within` ms: the page then
 * searches in the browser as before.
 */
export async function firstResults(
  context: Readonly<RouterContextProvider>,
  query: string,
  kind: SearchKind | null,
  within = ANSWER_WITHIN_MS,
): Promise<Shown | null> {
  const index = context.get(searchIndexContext);
  if (!index || !query || query.length > QUERY_MAX) return null;
  let engine = engines.get(index);
  if (!engine) engines.set(index, (engine = createSearchEngine(index)));
  const searching = engine;
  async function answer(): Promise<Shown> {
    const outcome = await searching.search(query, kind);
    const hits = await searching.loadHits(outcome, 0, PAGE_SIZE);
    // Only what is shown, and how many there are: the rest is the page's engine's to load («Показать ещё»).
    const shown = { ...outcome, results: outcome.results.slice(0, hits.length) };
    return { key: `${kind ?? ""}|${query}`, query, kind, outcome: shown, hits, matches: outcome.results.length };
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The engine cannot be stopped halfway; a late answer is simply not waited for (it fills the reader's caches).
  const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, within, null)));
  const answered = answer().catch(() => null);
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
