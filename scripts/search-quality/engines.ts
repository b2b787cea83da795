/**
 * The two engines the relevance benchmark compares, each answering a query
 * with the addresses of its first results: ours, over the index files as
 * assembled for the site, and Pagefind, over the same prerendered pages and
 * records. Both run their browser code in Node, reading their files through
 * `fetch` from memory.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import * as pagefind from "pagefind";
import { SEARCH_INDEX_URL } from "#core/search/index-format.ts";
import type { SearchKind } from "#core/search/kinds.ts";
import type { RecordInput } from "#core/search/analyse.ts";
import { CUTOFF } from "./metrics.ts";

export type Engine = (query: string) => Promise<string[]>;

/** URL path → body, for every file an engine may fetch. */
const served = new Map<string, string | Uint8Array<ArrayBuffer>>();

function serveFromMemory(): void {
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const body = served.get(new URL(url, "http://bench.invalid/").pathname);
    return body === undefined ? new Response("", { status: 404 }) : new Response(body);
  };
}

/** Our engine over `files` (URL path → contents, as assembleIndex gives them). */
export async function ourEngine(files: ReadonlyMap<string, string>): Promise<Engine> {
  for (const [url, text] of files) if (url.startsWith(SEARCH_INDEX_URL)) served.set(url, text);
  serveFromMemory();
  const { search, loadHits } = await import("../../app/routes/search/search-engine.ts");
  return async (query) => (await loadHits(await search(query, null), 0, CUTOFF)).map((hit) => hit.url);
}

export type PagefindPage = { url: string; html: string; kind: SearchKind };

const PAGEFIND_URL = "/pagefind/";

type PagefindApi = {
  options: (o: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  search: (q: string) => Promise<{ results: Array<{ data: () => Promise<{ url: string }> }> }>;
};

/**
 * Pagefind 1.6 as decision 009 set it up: `<main>` of each page without its
 * navigation, Russian, events and questions as custom records; its default ranking.
 */
export async function pagefindEngine(pages: readonly PagefindPage[], records: readonly RecordInput[]): Promise<Engine> {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: "ru", excludeSelectors: ["nav"] });
  if (!index) throw new Error(`Pagefind did not start: ${errors.join("; ")}`);
  for (const page of pages) {
    const marked = page.html.replace(/<main(?=[\s>])/, `<main data-pagefind-body data-pagefind-filter="kind:${page.kind}"`);
    const added = await index.addHTMLFile({ url: page.url, content: marked });
    if (added.errors.length > 0) throw new Error(`Pagefind: ${page.url}: ${added.errors.join("; ")}`);
  }
  for (const r of records) {
    const content = [r.title, r.lead, ...r.body].filter(Boolean).join("\n");
    await index.addCustomRecord({ url: r.url, content, language: "ru", meta: { title: r.title }, filters: { kind: [r.kind] } });
  }
  const { files } = await index.getFiles();
  await pagefind.close();
  // Pagefind's script is imported from disk; every file it fetches comes from memory.
  const dir = mkdtempSync(join(tmpdir(), "pagefind-bench-"));
  try {
    for (const file of files) {
      served.set(PAGEFIND_URL + file.path, new Uint8Array(file.content));
      mkdirSync(dirname(join(dir, file.path)), { recursive: true });
      writeFileSync(join(dir, file.path), file.content);
    }
    serveFromMemory();
    const pf = (await import(pathToFileURL(join(dir, "pagefind.js")).href)) as PagefindApi;
    await pf.options({ basePath: PAGEFIND_URL, baseUrl: "/" });
    await pf.init();
    return async (query) => {
      const { results } = await pf.search(query);
      return Promise.all(results.slice(0, CUTOFF).map(async (r) => (await r.data()).url));
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
