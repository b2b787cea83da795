/**
 * Browser measurements of a running site's search: what the first query
 * transfers, and how long later queries take. Used by scripts/search-scale.ts.
 */
import type { Page, Request } from "playwright-core";
import { SEARCH_INDEX_URL } from "#core/search/index-format.ts";

export type Transfer = {
  code: number;
  index: number;
  list: Array<{ kind: "code" | "index"; path: string; bytes: number }>;
};

/** Search code is the engine chunk (with its stemmer); everything under the index URL is index. */
function category(url: string): "code" | "index" | null {
  const { pathname } = new URL(url);
  if (/\/assets\/search-engine-[\w-]+\.js$/.test(pathname)) return "code";
  return pathname.startsWith(SEARCH_INDEX_URL) ? "index" : null;
}

/** Bytes on the wire (compressed bodies) of search requests made while `action` runs. */
export async function transferDuring(page: Page, action: () => Promise<void>): Promise<Transfer> {
  const finished: Request[] = [];
  const onFinished = (request: Request) => finished.push(request);
  page.on("requestfinished", onFinished);
  try {
    await action();
  } finally {
    page.off("requestfinished", onFinished);
  }
  const total: Transfer = { code: 0, index: 0, list: [] };
  for (const request of finished) {
    const kind = category(request.url());
    if (!kind) continue;
    // Chromium may report no body size for a response served from its cache: its Content-Length is the same figure.
    const measured = (await request.sizes()).responseBodySize;
    const bytes = measured || Number((await request.response())?.headers()["content-length"] ?? 0);
    total[kind] += bytes;
    total.list.push({ kind, path: new URL(request.url()).pathname, bytes });
  }
  return total;
}

/**
 * Submits a query through the page's form and resolves with the time until
 * its results (or its no-results message) are on screen. Enter skips the
 * typing debounce, so this is the answer time itself.
 */
export async function uiQuery(page: Page, query: string): Promise<number> {
  return page.evaluate(async (q) => {
    const input = document.getElementById("search-q") as HTMLInputElement;
    const status = () => document.querySelector(".search-results__status")?.textContent ?? "";
    const done = () => status().includes(`«${q}»`) && document.querySelector(".search-results[aria-busy='false']") !== null;
    const started = performance.now();
    input.value = q;
    input.form?.requestSubmit();
    await new Promise<void>((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error(`no answer for «${q}»: ${status()}`)), 30_000);
      const observer = new MutationObserver(() => {
        if (done()) {
          observer.disconnect();
          clearTimeout(timeout);
          resolve();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    return performance.now() - started;
  }, query);
}

/** The engine alone (search + the first `hits` results' details), through the page's own search module. */
export async function engineQuery(page: Page, engineUrl: string, query: string, hits: number): Promise<number> {
  return page.evaluate(
    async ({ url, q, n }) => {
      type Engine = {
        search: (q: string, kind: null) => Promise<unknown>;
        loadHits: (outcome: unknown, from: number, to: number) => Promise<unknown[]>;
      };
      const engine = (await import(/* @vite-ignore */ url)) as Engine;
      const started = performance.now();
      const outcome = await engine.search(q, null);
      await engine.loadHits(outcome, 0, n);
      return performance.now() - started;
    },
    { url: engineUrl, q: query, n: hits },
  );
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? NaN;
}
