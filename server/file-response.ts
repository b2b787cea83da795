import { readFile } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { negotiateEncoding } from "./encoding.ts";
import type { FileCache } from "./file-cache.ts";
import type { FileBody, StaticFile } from "./static-files.ts";

/**
 * Files of the build and the release are most of the traffic, so everything
 * sent with one (security headers with the page's CSP, type, caching,
 * encoding) is worked out once per file, on its first request, as the flat
 * header list `writeHead` takes: Node then skips its per-header bookkeeping.
 * Only the length, the request id (and `Connection: close` while shutting
 * down) are added per request.
 */
type Heads = { identity: string[]; br?: string[]; gzip?: string[]; notModified: string[] };

/** Headers of one file as a page of the site (200, cacheable) or as the error page (any status, never cached). */
function heads(file: StaticFile, base: readonly string[], cacheable: boolean): Heads {
  const common = [...base, "Content-Type", file.type];
  if (file.br || file.gzip) common.push("Vary", "Accept-Encoding");
  if (cacheable) common.push("Cache-Control", file.cacheControl, "ETag", file.etag);
  else common.push("Cache-Control", "no-store");
  return {
    identity: common,
    br: file.br && [...common, "Content-Encoding", "br"],
    gzip: file.gzip && [...common, "Content-Encoding", "gzip"],
    notModified: common,
  };
}

export type FileResponder = {
  /**
   * Sends `file` (at URL path `path`); a status other than 200 serves it as an error page: no ETag,
   * not cached. Settles when the response is sent; never rejects.
   */
  send(req: IncomingMessage, res: ServerResponse, path: string, file: StaticFile, perRequest: readonly string[], status?: number): Promise<void> | void;
};

/**
 * `baseFor(path)`: the security headers of a file, as a flat list (its CSP differs per page).
 * Files on disk are read through `cache`. `onReadError`: one could not be read (a release folder
 * removed by hand, a failing disk); the visitor gets 503 with Retry-After, the log the reason.
 */
export function createFileResponder(
  baseFor: (path: string) => readonly string[],
  cache: FileCache,
  onReadError: (path: string, error: unknown) => void,
): FileResponder {
  const known = new Map<string, Heads>();
  const asError = new Map<string, Heads>();
  const headsOf = (cache: Map<string, Heads>, path: string, file: StaticFile, cacheable: boolean) => {
    let found = cache.get(path);
    if (!found) cache.set(path, (found = heads(file, baseFor(path), cacheable)));
    return found;
  };
  const write = (req: IncomingMessage, res: ServerResponse, status: number, list: readonly string[], bytes: Buffer, perRequest: readonly string[]) => {
    res.writeHead(status, list.concat("Content-Length", String(bytes.length), perRequest));
    res.end(req.method === "HEAD" ? undefined : bytes);
  };

  return {
    send(req, res, path, file, perRequest, status = 200) {
      const cacheable = status === 200;
      const h = headsOf(cacheable ? known : asError, path, file, cacheable);
      if (cacheable && req.headers["if-none-match"] === file.etag) {
        res.writeHead(304, h.notModified.concat(perRequest)).end();
        return;
      }
      const encoding = negotiateEncoding(req.headers["accept-encoding"]);
      const [body, list]: [FileBody, string[]] =
        encoding === "br" && file.br && h.br ? [file.br, h.br] : encoding === "gzip" && file.gzip && h.gzip ? [file.gzip, h.gzip] : [file.body, h.identity];
      if (Buffer.isBuffer(body)) return write(req, res, status, list, body, perRequest);
      const key = body === file.body ? file.etag : `${file.etag}${encoding}`;
      const cached = cache.get(key);
      if (cached) return write(req, res, status, list, cached, perRequest);
      return new Promise<void>((resolve) => {
        readFile(body.path, (error, bytes) => {
          if (error) {
            onReadError(path, error);
            const refusal = ["Content-Type", "text/plain; charset=utf-8", "Cache-Control", "no-store", "Retry-After", "1"];
            res.writeHead(503, [...baseFor(path), ...refusal, ...perRequest]).end("Сервис недоступен. Повторите запрос через секунду.");
          } else {
            cache.set(key, bytes);
            write(req, res, status, list, bytes, perRequest);
          }
          resolve();
        });
      });
    },
  };
}
