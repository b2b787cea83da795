import type { RouterContextProvider } from "react-router";
import { searchIndexContext } from "#core/lib/site-context.server.ts";
import type { SearchKind } from "#core/search/kinds.ts";
import { createSearchEngine, type SearchEngine } from "./search-engine.ts";
import { PAGE_SIZE, type Shown } from "./use-search.ts";

/** The longest query answered on the server; the field takes any, the engine reads its first words anyway. */
const QUERY_MAX = 200;

const engines = new WeakMap<object, SearchEngine>();

/**
 * The first results of /search/?q=…, rendered into the page's HTML: a visitor
 * without JavaScript sees them, and everyone sees them at first paint. The
 * same engine as the page's, over the live release's index; the page's own
 * engine takes over once it has loaded. Null where no index is handed over
 * (a release's pages, a preview, the dev server) or the search fails: the page
 * then searches in the browser as before.
 */
export async function firstResults(context: Readonly<RouterContextProvider>, query: string, kind: SearchKind | null): Promise<Shown | null> {
  const index = context.get(searchIndexContext);
  if (!index || !query || query.length > QUERY_MAX) return null;
  let engine = engines.get(index);
  if (!engine) engines.set(index, (engine = createSearchEngine(index)));
  try {
    const outcome = await engine.search(query, kind);
    const hits = await engine.loadHits(outcome, 0, PAGE_SIZE);
    // Only what is shown: the rest is the page's engine's to load («Показать ещё»).
    const shown = { ...outcome, results: outcome.results.slice(0, hits.length) };
    return { key: `${kind ?? ""}|${query}`, query, kind, outcome: shown, hits };
  } catch {
    return null;
  }
}
