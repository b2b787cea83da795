import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { MANIFEST_FILE, SEARCH_INDEX_URL } from "#core/search/index-format.ts";
import { contentType, isCompressible } from "./mime.ts";

/**
 * Where a file's bytes are. The code build's files (assets, fonts, icons: a
 * few megabytes, fixed by the code) are held in memory. A release's files
 * (pages, data files, pictures: as many as the site has pages) stay on disk
 * and are read per request, from the system's page cache once read: the
 * server's memory does not grow with the site (decision 012). Either way a
 * file is found by its URL in a map made at load, never by joining a
 * request's path to a folder, so no address reaches outside the files.
 */
export type FileBody = Buffer | { path: string };

/** A public file with its compressed variants and the headers worked out once. */
export type StaticFile<B extends FileBody = FileBody> = {
  body: B;
  br?: B;
  gzip?: B;
  type: string;
  etag: string;
  cacheControl: string;
};

const YEAR = 31_536_000;

/** How long a browser or CDN may keep a file (see docs/deploy.md). */
export function cachePolicy(urlPath: string): string {
  if (urlPath.startsWith("/assets/icons/")) return "public, max-age=86400, stale-while-revalidate=604800";
  if (urlPath.startsWith("/assets/") || urlPath.startsWith("/builds/meta/")) return `public, max-age=${YEAR}, immutable`;
  if (urlPath === "/builds/latest.json") return "public, max-age=1";
  // The search manifest names the index's files; each of them is named by its content (decision 021).
  if (urlPath === `${SEARCH_INDEX_URL}${MANIFEST_FILE}`) return "no-cache";
  if (urlPath.startsWith(SEARCH_INDEX_URL)) return `public, max-age=${YEAR}, immutable`;
  if (urlPath.endsWith(".html") || urlPath.endsWith(".data")) return "no-cache";
  return "public, max-age=3600";
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

function precompressed(file: string, suffix: ".br" | ".gz", make: () => Buffer): Buffer {
  return existsSync(file + suffix) ? readFileSync(file + suffix) : make();
}

/** Loads a build's files into memory (see FileBody). */
export function loadStaticFiles(clientDir: string): Map<string, StaticFile<Buffer>> {
  const files = new Map<string, StaticFile<Buffer>>();
  if (!existsSync(clientDir)) return files;
  for (const file of walk(clientDir)) {
    if (file.endsWith(".br") || file.endsWith(".gz")) continue;
    const urlPath = `/${relative(clientDir, file).split(sep).join("/")}`;
    const extension = extname(file);
    const body = readFileSync(file);
    const entry: StaticFile<Buffer> = {
      body,
      type: contentType(extension),
      etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`,
      cacheControl: cachePolicy(urlPath),
    };
    if (isCompressible(extension) && body.length > 512) {
      // Normally written by the build (scripts/compress.ts); compressed here only if missing.
      entry.br = precompressed(file, ".br", () =>
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      );
      entry.gzip = precompressed(file, ".gz", () => gzipSync(body, { level: 6 }));
    }
    files.set(urlPath, entry);
  }
  return files;
}

/** URL paths of prerendered pages: `/services/` for `services/index.html`. */
export function prerenderedPages(files: ReadonlyMap<string, StaticFile>): string[] {
  return [...files.keys()].filter((p) => p.endsWith("/index.html")).map((p) => p.slice(0, -"index.html".length));
}
