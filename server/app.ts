import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import { createBrotliCompress, createGzip, constants } from "node:zlib";
import type { ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";
import { matchRouteRule, type RouteRules } from "../app/lib/route-rules.ts";
import { canonicalPathname, isSlashExempt, safeLocation, safeQuery } from "../app/lib/url.ts";
import { negotiateEncoding } from "./encoding.ts";
import { applyBaselineHeaders } from "./headers.ts";
import type { RedirectTable } from "./redirect-table.ts";
import { injectIntoStream } from "./runtime-config.ts";
import { prerenderedPages, type StaticFile } from "./static-files.ts";

export type AppOptions = {
  build: ServerBuild;
  /** The configured public origin: the only source of absolute URLs. */
  origin: string;
  files: ReadonlyMap<string, StaticFile>;
  redirects: RedirectTable;
  routeRules: RouteRules;
  /** Refuses unwanted form posts before React Router reads them (server/leads/guard.ts); true when it answered. */
  guard?: (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean | Promise<boolean>;
  /** Public runtime configuration for rendered HTML (prerendered pages already carry it). */
  headTag?: string | null;
  /** Set once shutdown begins: keep-alive clients are told to close. */
  isShuttingDown?: () => boolean;
  log?: (entry: Record<string, unknown>) => void;
};

/** Query parameters that never change what a page shows (ad tracking, RR's route subset). */
const PASSIVE_PARAM = /^(utm_[a-z]+|yclid|gclid|fbclid|_openstat|from|_routes)$/;

function onlyPassiveParams(search: string): boolean {
  if (search === "" || search === "?") return true;
  try {
    return [...new URLSearchParams(search).keys()].every((key) => PASSIVE_PARAM.test(key));
  } catch {
    return false;
  }
}

/** Splits the request target; absolute-form targets keep only their path (the origin is ours). */
function splitTarget(raw: string): { pathname: string; search: string } | null {
  let target = raw;
  if (!target.startsWith("/")) {
    try {
      const url = new URL(target);
      target = url.pathname + url.search;
    } catch {
      return null;
    }
  }
  const queryAt = target.indexOf("?");
  const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
  const search = queryAt === -1 ? "" : target.slice(queryAt);
  try {
    const decoded = decodeURIComponent(pathname);
    if (decoded.includes("\0")) return null;
  } catch {
    return null;
  }
  return { pathname, search };
}

/** An off-site redirect target (configured by us) with the request's query appended. */
function external(target: string, search: string): string | null {
  if (target.startsWith("/")) return null;
  const query = safeQuery(search);
  return target.includes("?") && query ? `${target}&${query.slice(1)}` : target + query;
}

function fold(pathname: string): string {
  return pathname.toLowerCase().replace(/_/g, "-");
}

export function createApp(options: AppOptions) {
  const { build, origin, files, redirects, routeRules } = options;
  const log = options.log ?? ((entry) => console.error(JSON.stringify(entry)));
  const handleWithRouter = createRequestHandler(build, "production");
  const livePages = new Map(prerenderedPages(files).map((p) => [fold(p), p]));

  function plain(res: ServerResponse, status: number, message: string) {
    res.statusCode = status;
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.setHeader("Cache-Control", "no-store");
    res.end(message);
  }

  function redirect(res: ServerResponse, status: number, location: string) {
    res.statusCode = status;
    res.setHeader("Location", location);
    res.setHeader("Cache-Control", status === 301 || status === 308 ? "public, max-age=3600" : "no-store");
    res.end();
  }

  function sendFile(req: IncomingMessage, res: ServerResponse, file: StaticFile) {
    res.setHeader("Content-Type", file.type);
    res.setHeader("Cache-Control", file.cacheControl);
    res.setHeader("ETag", file.etag);
    if (file.br || file.gzip) res.setHeader("Vary", "Accept-Encoding");
    if (req.headers["if-none-match"] === file.etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const encoding = negotiateEncoding(req.headers["accept-encoding"]);
    const body = encoding === "br" && file.br ? file.br : encoding === "gzip" && file.gzip ? file.gzip : file.body;
    if (body !== file.body) res.setHeader("Content-Encoding", encoding as string);
    res.setHeader("Content-Length", body.length);
    res.statusCode = 200;
    res.end(req.method === "HEAD" ? undefined : body);
  }

  async function render(req: IncomingMessage, res: ServerResponse, pathname: string, search: string) {
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const method = req.method ?? "GET";
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || name.startsWith(":")) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    const hasBody = method !== "GET" && method !== "HEAD";
    const request = new Request(origin + pathname + search, {
      method,
      headers,
      signal: controller.signal,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
    });
    const response = await handleWithRouter(request);
    res.statusCode = response.status;
    for (const [name, value] of response.headers) {
      if (name !== "set-cookie") res.setHeader(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
    if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-cache");
    if (!response.body || method === "HEAD") {
      res.end();
      return;
    }
    const type = response.headers.get("content-type") ?? "";
    // A body declared under 1 KB (form answers) gains nothing from compression and a compressor costs memory.
    const tiny = Number(response.headers.get("content-length") ?? Infinity) < 1024;
    const encoding = !tiny && /^(text\/|application\/(json|xml))/.test(type) ? negotiateEncoding(req.headers["accept-encoding"]) : null;
    let source: Readable = Readable.fromWeb(response.body as NodeReadableStream);
    if (options.headTag && type.startsWith("text/html")) {
      const inject = injectIntoStream(options.headTag);
      source.once("error", (error) => inject.destroy(error));
      source = source.pipe(inject);
      res.removeHeader("Content-Length");
    }
    if (!encoding) {
      await pipeline(source, res);
      return;
    }
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Vary", "Accept-Encoding");
    res.removeHeader("Content-Length");
    // Rendered on request, so compress fast; prerendered pages are compressed at build.
    const compressor =
      encoding === "br"
        ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : createGzip({ level: 6 });
    await pipeline(source, compressor, res);
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    applyBaselineHeaders(res);
    if (options.isShuttingDown?.()) res.setHeader("Connection", "close");
    try {
      const target = splitTarget(req.url ?? "/");
      if (!target) return plain(res, 400, "Bad Request: malformed address");
      const { pathname, search } = target;
      const canonical = canonicalPathname(pathname);

      const tableTarget = redirects.get(canonical);
      if (tableTarget) return redirect(res, 301, external(tableTarget, search) ?? safeLocation(tableTarget, search));

      const rule = matchRouteRule(routeRules, canonical);
      if (rule) return redirect(res, rule.status, external(rule.target, search) ?? safeLocation(rule.target, search));

      if (canonical !== pathname) return redirect(res, 301, safeLocation(canonical, search));

      const live = livePages.get(fold(canonical));
      if (live && live !== canonical) return redirect(res, 301, safeLocation(live, search));

      // The error page is served, never indexed.
      if (canonical === "/error/") res.setHeader("X-Robots-Tag", "noindex");
      const passive = onlyPassiveParams(search);
      if (isSlashExempt(canonical)) {
        const file = files.get(canonical);
        const isPageData = canonical.endsWith(".data");
        if (file && (!isPageData || passive)) return sendFile(req, res, file);
        // A missing hashed asset is a fast 404, never an HTML page.
        if (canonical.startsWith("/assets/")) return plain(res, 404, "Not Found");
      } else if (passive && (req.method === "GET" || req.method === "HEAD")) {
        const page = files.get(`${canonical}index.html`);
        if (page) return sendFile(req, res, page);
      }
      if (await options.guard?.(req, res, canonical)) return;
      await render(req, res, pathname, search);
    } catch (error) {
      log({ level: "error", message: "request failed", url: req.url, error: String((error as Error)?.stack ?? error) });
      if (!res.headersSent) plain(res, 500, "Internal Server Error");
      else res.destroy();
    }
  };
}
