import type { IncomingMessage, ServerResponse } from "node:http";
import { negotiateEncoding } from "./encoding.ts";
import type { StaticFile } from "./static-files.ts";

/**
 * Files of the build are most of the traffic, so everything sent with one
 * (security headers with the page's CSP, type, caching, length per encoding)
 * is worked out once per file, on its first request, as the flat header list
 * `writeHead` takes: Node then skips its per-header bookkeeping. Only the
 * request id (and `Connection: close` while shutting down) is added per request.
 */
type Heads = { identity: string[]; br?: string[]; gzip?: string[]; notModified: string[] };

/** Headers of one file as a page of the site (200, cacheable) or as the error page (any status, never cached). */
function heads(file: StaticFile, base: readonly string[], cacheable: boolean): Heads {
  const common = [...base, "Content-Type", file.type];
  if (file.br || file.gzip) common.push("Vary", "Accept-Encoding");
  if (cacheable) common.push("Cache-Control", file.cacheControl, "ETag", file.etag);
  else common.push("Cache-Control", "no-store");
  const sized = (body: Buffer, encoding?: string) => [...common, ...(encoding ? ["Content-Encoding", encoding] : []), "Content-Length", String(body.length)];
  return {
    identity: sized(file.body),
    br: file.br && sized(file.br, "br"),
    gzip: file.gzip && sized(file.gzip, "gzip"),
    notModified: common,
  };
}

export type FileResponder = {
  /** Sends `file` (at URL path `path`); a status other than 200 serves it as an error page: no ETag, not cached. */
  send(req: IncomingMessage, res: ServerResponse, path: string, file: StaticFile, perRequest: readonly string[], status?: number): void;
};

/** `baseFor(path)`: the security headers of a file, as a flat list (its CSP differs per page). */
export function createFileResponder(baseFor: (path: string) => readonly string[]): FileResponder {
  const known = new Map<string, Heads>();
  const asError = new Map<string, Heads>();
  const headsOf = (cache: Map<string, Heads>, path: string, file: StaticFile, cacheable: boolean) => {
    let found = cache.get(path);
    if (!found) cache.set(path, (found = heads(file, baseFor(path), cacheable)));
    return found;
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
      const [body, list] =
        encoding === "br" && file.br && h.br ? [file.br, h.br] : encoding === "gzip" && file.gzip && h.gzip ? [file.gzip, h.gzip] : [file.body, h.identity];
      res.writeHead(status, list.concat(perRequest));
      res.end(req.method === "HEAD" ? undefined : body);
    },
  };
}
