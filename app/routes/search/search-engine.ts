/**
 * The search page's own engine, over HTTP (core/search/engine.ts). The page
 * imports this module dynamically, so neither the engine nor the index
 * reaches a visitor who never searches; a query fetches the manifest once,
 * the chunks holding its words, and one record per result shown.
 */
import { createSearchEngine } from "#core/search/engine.ts";
import { browserIndex } from "#core/search/index-reader.ts";

export type { SearchHit, SearchOutcome, Ranked } from "#core/search/engine.ts";

const own = createSearchEngine(browserIndex());
export const { loadEngine, preload, search, loadHits } = own;
