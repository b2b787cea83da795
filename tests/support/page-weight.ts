import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import type { Browser } from "playwright-core";
import { CLIENT_DIR } from "#core/config/folders.server.ts";
import { liveFilesDir } from "./releases.ts";

/**
 * What a page costs a visitor: every file it loads from our origin, by type,
 * raw and brotli (the sizes the server sends, read from the build). Viewport
 * prefetch of linked pages is turned off (the data-saver signal the runtime
 * honours), so only the page's own files count. Shared by the JS budget test
 * and `npm run bench`.
 */
export type Kind = "document" | "script" | "stylesheet" | "font" | "image" | "other";
export type Weight = Record<Kind, { files: number; raw: number; br: number }>;

const KINDS: readonly Kind[] = ["document", "script", "stylesheet", "font", "image", "other"];

/**
 * Raw and brotli size of the file a URL path serves: from the live release (pages, pictures,
 * index) or the code build (assets). A page path serves its index.html.
 */
export function fileSizes(urlPath: string): { raw: number; br: number } {
  const relative = decodeURIComponent(urlPath.endsWith("/") ? `${urlPath}index.html` : urlPath);
  const file = [liveFilesDir(), CLIENT_DIR].map((dir) => join(dir, relative)).find((candidate) => existsSync(candidate));
  if (!file) return { raw: 0, br: 0 };
  const body = readFileSync(file);
  if (existsSync(`${file}.br`)) return { raw: body.length, br: readFileSync(`${file}.br`).length };
  // Formats that are compressed already go out as they are.
  if (/\.(woff2|avif|webp|png|jpe?g)$/.test(file)) return { raw: body.length, br: body.length };
  return { raw: body.length, br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length };
}

export async function pageWeight(
  browser: Browser,
  baseUrl: string,
  path: string,
  options: { width?: number } = {},
): Promise<Weight & { scripts: string[] }> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 360, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "connection", {
      get: () => ({ saveData: true, effectiveType: "4g", addEventListener() {}, removeEventListener() {} }),
    });
  });
  const seen = new Map<string, Kind>();
  const origin = new URL(baseUrl).origin;
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin) return;
    const type = request.resourceType();
    seen.set(url.pathname, (KINDS as readonly string[]).includes(type) ? (type as Kind) : "other");
  });
  await page.goto(baseUrl + path, { waitUntil: "load" });
  // Hydrated and idle (pages without scripts never leave "hydrating": the load event is the end for them).
  await page
    .waitForFunction(() => document.documentElement.dataset.appState === "idle", undefined, { timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForLoadState("networkidle");
  await context.close();

  const weight = Object.fromEntries(KINDS.map((kind) => [kind, { files: 0, raw: 0, br: 0 }])) as Weight;
  for (const [urlPath, kind] of seen) {
    const size = fileSizes(urlPath);
    weight[kind].files += 1;
    weight[kind].raw += size.raw;
    weight[kind].br += size.br;
  }
  const scripts = [...seen].filter(([, kind]) => kind === "script").map(([urlPath]) => urlPath).sort();
  return { ...weight, scripts };
}
