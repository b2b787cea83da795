/**
 * Our search engine (the browser module) run in the test process against the
 * site under test: it fetches the index from the server as a browser would.
 */
import { vi } from "vitest";
import type * as SearchEngine from "../../app/routes/search/search-engine.ts";
import { baseUrl } from "./http.ts";

export type SiteEngine = typeof SearchEngine;

export async function engineOnSite(): Promise<SiteEngine> {
  const fetchAbsolute = globalThis.fetch;
  // The engine asks for "/search-index/…" as a page would; every other request is left as it is.
  vi.stubGlobal("fetch", (input: string | URL | Request, init?: RequestInit) =>
    fetchAbsolute(typeof input === "string" && input.startsWith("/") ? baseUrl + input : input, init),
  );
  return import("../../app/routes/search/search-engine.ts");
}

/** The addresses of the first `count` results of `query`. */
export async function firstResults(engine: SiteEngine, query: string, count = 10): Promise<string[]> {
  return (await engine.loadHits(await engine.search(query, null), 0, count)).map((hit) => hit.url);
}
