/**
 * The browser side of search: loads Pagefind from the bundle the build wrote
 * and turns its answers into what the page shows. The page imports this
 * module dynamically, so neither it nor Pagefind reaches a visitor who never
 * searches.
 */
import { isSearchKind, KIND_FILTER, SEARCH_BUNDLE_URL, SEARCH_KINDS, type SearchKind } from "./kinds.ts";

/** The part of Pagefind's browser API the site uses (pagefind.js ships without types). */
type PagefindData = { url: string; excerpt: string; meta: Record<string, string>; filters: Record<string, string[]> };
type PagefindResult = { id: string; data: () => Promise<PagefindData> };
type FilterCounts = Record<string, Record<string, number>>;
type PagefindResponse = { results: PagefindResult[]; filters: FilterCounts; totalFilters: FilterCounts };
type Pagefind = {
  options: (options: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  filters: () => Promise<FilterCounts>;
  preload: (term: string) => Promise<void>;
  search: (term: string, options?: { filters?: Record<string, string> }) => Promise<PagefindResponse | null>;
};

export type SearchHit = { url: string; title: string; kind: SearchKind | null; excerpt: string };

export type SearchOutcome = {
  /** Matches of the query in every kind. */
  total: number;
  /** Matches per kind, whatever kind is selected. */
  counts: Record<SearchKind, number>;
  /** Matches within the selected kind (or all), best first; their details load page by page. */
  results: readonly PagefindResult[];
};

let engine: Promise<Pagefind> | undefined;

/** Loads Pagefind once (the code, the Russian WebAssembly module, the index entry and the filters). */
export function loadEngine(): Promise<Pagefind> {
  engine ??= (async () => {
    const pagefind = (await import(/* @vite-ignore */ `${SEARCH_BUNDLE_URL}pagefind.js`)) as Pagefind;
    await pagefind.options({ basePath: SEARCH_BUNDLE_URL, excerptLength: 28 });
    await pagefind.init();
    // Per-kind counts come with every answer only once the filter index is loaded.
    await pagefind.filters();
    return pagefind;
  })();
  // A failed load (offline, new deploy) is tried again on the next query.
  engine.catch(() => (engine = undefined));
  return engine;
}

export async function search(query: string, kind: SearchKind | null): Promise<SearchOutcome> {
  const pagefind = await loadEngine();
  const response = await pagefind.search(query, kind ? { filters: { [KIND_FILTER]: kind } } : {});
  const perKind = response?.totalFilters[KIND_FILTER] ?? {};
  const counts = Object.fromEntries(SEARCH_KINDS.map((k) => [k, perKind[k] ?? 0])) as Record<SearchKind, number>;
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return { total, counts, results: response?.results ?? [] };
}

/** Fetches the index chunks a query will need while the visitor is still typing it. */
export async function preload(query: string): Promise<void> {
  const pagefind = await loadEngine();
  await pagefind.preload(query);
}

/** Titles, links and highlighted excerpts of `results[from..to)`. */
export async function loadHits(results: readonly PagefindResult[], from: number, to: number): Promise<SearchHit[]> {
  const data = await Promise.all(results.slice(from, to).map((r) => r.data()));
  return data.map((d) => {
    const kind = d.filters[KIND_FILTER]?.[0];
    return { url: d.url, title: d.meta.title ?? d.url, kind: isSearchKind(kind) ? kind : null, excerpt: d.excerpt };
  });
}
