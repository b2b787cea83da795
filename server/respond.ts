import type { IncomingMessage, ServerResponse } from "node:http";
import { negotiateEncoding } from "./encoding.ts";
import type { StaticFile } from "./static-files.ts";

/** Small, final answers: status and a plain-text reason, never cached. */
export function plain(res: ServerResponse, status: number, message: string): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(message);
}

export function redirect(res: ServerResponse, status: number, location: string): void {
  res.statusCode = status;
  res.setHeader("Location", location);
  res.setHeader("Cache-Control", status === 301 || status === 308 ? "public, max-age=3600" : "no-store");
  res.end();
}

export function tooManyRequests(res: ServerResponse, retryAfterSeconds: number): void {
  res.setHeader("Retry-After", String(retryAfterSeconds));
  plain(res, 429, "Too Many Requests");
}

/**
 * A file of the build from memory, precompressed as the client accepts.
 * `status` other than 200 serves a page as an error page: not cached, no ETag.
 */
export function sendFile(req: IncomingMessage, res: ServerResponse, file: StaticFile, status = 200): void {
  res.setHeader("Content-Type", file.type);
  if (file.br || file.gzip) res.setHeader("Vary", "Accept-Encoding");
  if (status === 200) {
    res.setHeader("Cache-Control", file.cacheControl);
    res.setHeader("ETag", file.etag);
    if (req.headers["if-none-match"] === file.etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
  } else {
    res.setHeader("Cache-Control", "no-store");
  }
  const encoding = negotiateEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" && file.br ? file.br : encoding === "gzip" && file.gzip ? file.gzip : file.body;
  if (body !== file.body) res.setHeader("Content-Encoding", encoding as string);
  res.setHeader("Content-Length", body.length);
  res.statusCode = status;
  res.end(req.method === "HEAD" ? undefined : body);
}
