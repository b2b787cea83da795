import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { promisify } from "node:util";
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from "node:zlib";
import { isRouteErrorResponse, type ServerBuild } from "react-router";
import type { ContentSource } from "#core/content/source.server.ts";
import type { LeadsService } from "#core/forms/service.server.ts";
import { inlineScriptHashes } from "./csp.ts";
import { negotiateEncoding } from "./encoding.ts";
import type { SecurityHeaders } from "./headers.ts";
import type { Admitted } from "./leads/guard.ts";
import type { Logger } from "./log.ts";
import { CLIENT_IP_HEADER, clientIp } from "./rate-limit.ts";
import { plain } from "./respond.ts";
import { type BuildSource, createSiteRenderer } from "./page-renderer.ts";
import { releaseSearchIndex } from "./search-index.ts";
import type { StaticFile } from "./static-files.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Rendered on request, so compressed fast; prerendered pages are compressed at build.
const BROTLI_FAST = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const COMPRESSIBLE = /^(text\/|application\/(json|xml))/;

export type RenderOptions = {
  build: BuildSource;
  /** React Router's development mode (the dev server; see page-renderer.ts). */
  development?: boolean;
  origin: string;
  security: SecurityHeaders;
  log: Logger;
  /** Public runtime configuration for a page of a release that records none (the dev server's content on disk). */
  headTag?: string | null;
  /** Proxies in front that append to X-Forwarded-For (TRUSTED_PROXY_HOPS): who the visitor is. */
  trustedProxyHops: number;
  /** Where forms are submitted (server/leads); without it a form answers that it cannot take submissions. */
  leads?: LeadsService;
};
/**
 * What a page rendered on request reads: the release's content, its files for search, and the
 * runtime configuration its pages carry (its counter), where it records one.
 */
type RenderedRelease = { id: string; source: ContentSource; files: ReadonlyMap<string, StaticFile>; record?: { headTag?: string | null } };

export type Render = {
  /** Renders from `source`, the content of the release the rest of the response comes from. */
  (req: IncomingMessage, res: ServerResponse, id: string, release: RenderedRelease, pathname: string, search: string, status?: number, body?: Admitted): Promise<void>;
  /**
   * Renders these targets once, unseen, so the first visitors do not pay for
   * loading content (and a signal meanwhile is not held up by it).
   */
  warmUp(targets: readonly string[], source: ContentSource): Promise<void>;
};

/**
 * Hands a request to React Router. The Request is built from the configured
 * origin (never the Host header). Server-rendered HTML is buffered so the CSP
 * header can list the hashes of exactly the inline scripts it carries.
 */
export function createRender({ build, development, origin, security, log, headTag, trustedProxyHops, leads }: RenderOptions): Render {
  const renderer = createSiteRenderer({ build, adapt: (built) => withJsonErrorLog(built, log), headTag, ...(development ? { development } : {}), ...(leads ? { leads } : {}) });

  /**
   * `status`: the answer's own, over the page's (410 for an address taken off the site, its page the not-found one).
   * `body`: the request's body, already read and checked (a form post, by the guard), with the Content-Type
   * it was checked under, which replaces the client's; otherwise the body streams from `req`.
   */
  async function render(req: IncomingMessage, res: ServerResponse, id: string, release: RenderedRelease, pathname: string, search: string, status?: number, body?: Admitted) {
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const method = req.method ?? "GET";
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || name.startsWith(":") || name === "x-request-id" || name === CLIENT_IP_HEADER) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    headers.set("x-request-id", id);
    // The visitor's address as the server worked it out, whatever the client sent under that name.
    headers.set(CLIENT_IP_HEADER, clientIp(req, trustedProxyHops));
    // The action can only parse what the guard checked: one boundary, the one it checked with.
    if (body) headers.set("content-type", body.contentType);
    const hasBody = method !== "GET" && method !== "HEAD";
    let request: Request;
    try {
      request = new Request(origin + pathname + search, {
        method,
        headers,
        signal: controller.signal,
        ...(hasBody ? { body: body ? (body.body as Uint8Array<ArrayBuffer>) : (Readable.toWeb(req) as ReadableStream), duplex: "half" } : {}),
      });
    } catch {
      return plain(res, 400, "Bad Request: malformed request");
    }
    const response = await renderer.answer(request, { source: release.source }, releaseSearchIndex(release));
    res.statusCode = status !== undefined && response.status === 404 ? status : response.status;
    for (const [name, value] of response.headers) {
      if (name !== "set-cookie") res.setHeader(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
    if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-cache");
    if (!response.body) {
      res.end();
      return;
    }
    const type = response.headers.get("content-type") ?? "";
    // A body declared under 1 KB (form answers) gains nothing from compression, and a compressor costs memory.
    const tiny = Number(response.headers.get("content-length") ?? Infinity) < 1024;
    const encoding = !tiny && COMPRESSIBLE.test(type) ? negotiateEncoding(req.headers["accept-encoding"]) : null;
    if (encoding) {
      res.setHeader("Vary", "Accept-Encoding");
      res.removeHeader("Content-Length");
    }

    if (type.startsWith("text/html")) {
      const rendered = Buffer.from(await response.arrayBuffer()).toString("utf8");
      const text = renderer.finish(rendered, undefined, release.record?.headTag);
      const html = Buffer.from(text);
      security.allowInlineScripts(res, inlineScriptHashes(text));
      // As prerendered pages do: the page learns its release (app/runtime/build-info.ts).
      res.setHeader("Server-Timing", `release;desc="${release.id}"`);
      const body = encoding === "br" ? await brotli(html, BROTLI_FAST) : encoding === "gzip" ? await gzipAsync(html) : html;
      if (encoding) res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", body.length);
      res.end(method === "HEAD" ? undefined : body);
      return;
    }

    const source = Readable.fromWeb(response.body as NodeReadableStream);
    if (method === "HEAD") {
      source.destroy();
      res.end();
      return;
    }
    if (!encoding) {
      await pipeline(source, res);
      return;
    }
    res.setHeader("Content-Encoding", encoding);
    const compressor = encoding === "br" ? createBrotliCompress(BROTLI_FAST) : createGzip({ level: 6 });
    await pipeline(source, compressor, res);
  }

  async function warmUp(targets: readonly string[], source: ContentSource) {
    for (const target of targets) {
      const response = await renderer.answer(new Request(origin + target), { source });
      await response.arrayBuffer();
      // A server that cannot render must not start taking traffic.
      if (response.status >= 500) throw new Error(`start-up render of ${target} answered ${response.status}`);
    }
  }

  return Object.assign(render, { warmUp });
}

/** React Router reports render and loader errors here: as JSON log lines with the request id. */
function withJsonErrorLog(build: ServerBuild, log: Logger): ServerBuild {
  const own = build.entry.module.handleError;
  return {
    ...build,
    entry: {
      ...build.entry,
      module: {
        ...build.entry.module,
        handleError(error, args) {
          const id = args.request.headers.get("x-request-id");
          const path = new URL(args.request.url).pathname;
          // An aborted request means the visitor went away: nothing failed.
          if (args.request.signal.aborted) {
            own?.(error, args);
            return;
          }
          if (isRouteErrorResponse(error) && error.status < 500) {
            // A refused request (a POST to a page without a form, say): the visitor's mistake, not ours.
            log.warn("request refused by the router", { id, path, status: error.status });
          } else {
            // A thrown Response wraps the original error (as React Router's own logger unwraps it).
            const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
            log.error("render failed", { id, path, error: cause });
          }
          own?.(error, args);
        },
      },
    },
  };
}
