import type { IncomingMessage, ServerResponse } from "node:http";
import { STUDIO_BASE } from "#core/studio/paths.ts";
import { negotiateEncoding } from "../encoding.ts";
import { loadStaticFiles, type StaticFile } from "../static-files.ts";

/**
 * The studio's browser app, held in memory like the site's build: its one
 * HTML page (never cached: it names the current bundle) and its hashed files
 * under /studio/assets/ (cached for a year, immutable). Nothing is read from
 * the file system per request, so no address can reach outside the build.
 */
export type StudioFiles = {
  /** The app's page, or null when the studio was not built. */
  page: StaticFile<Buffer> | null;
  asset(pathname: string): StaticFile<Buffer> | undefined;
};

const IMMUTABLE = "public, max-age=31536000, immutable";

export function loadStudioFiles(dir: string): StudioFiles {
  const files = loadStaticFiles(dir);
  return {
    page: files.get("/index.html") ?? null,
    asset: (pathname) => (pathname.startsWith(`${STUDIO_BASE}/assets/`) ? files.get(pathname.slice(STUDIO_BASE.length)) : undefined),
  };
}

/** Sends a file; `cacheable` files get a year and an ETag, the page none. */
export function sendFile(req: IncomingMessage, res: ServerResponse, file: StaticFile<Buffer>, status: number, cacheable: boolean): void {
  res.statusCode = status;
  res.setHeader("Content-Type", file.type);
  if (cacheable) {
    res.setHeader("Cache-Control", IMMUTABLE);
    res.setHeader("ETag", file.etag);
    if (req.headers["if-none-match"] === file.etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  const encoding = negotiateEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" && file.br ? file.br : encoding === "gzip" && file.gzip ? file.gzip : file.body;
  if (file.br || file.gzip) res.setHeader("Vary", "Accept-Encoding");
  if (body !== file.body) res.setHeader("Content-Encoding", encoding as string);
  res.setHeader("Content-Length", String(body.length));
  res.end(req.method === "HEAD" ? undefined : body);
}
