import { randomUUID } from "node:crypto";
import { paths } from "#core/lib/paths.ts";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { LeadsService } from "#core/forms/service.server.ts";
import { bodyProblem, refuseUnread } from "./body.ts";
import type { FormGuard } from "./leads/guard.ts";
import { answerEndpoint, type EndpointContext, siteEndpoint } from "./endpoints.ts";
import type { SecurityHeaders } from "./headers.ts";
import type { Readiness } from "./health.ts";
import { loggablePath, type Logger } from "./log.ts";
import { clientAddress, rateLimitKey, type RateLimiter } from "./rate-limit.ts";
import type { Releases } from "./releases/serving.ts";
import type { BuildSource } from "./page-renderer.ts";
import { createRender } from "./render.ts";
import { createFileCache } from "./file-cache.ts";
import { createReleaseViews, ERROR_PAGE, plan, type View } from "./release-view.ts";
import { plain, redirect, tooManyRequests } from "./respond.ts";
import type { StaticFile } from "./static-files.ts";
import { wasCutByTimeout } from "./timeout.ts";
import type { StudioRoom } from "./studio/room.ts";
import type { LandingVariants } from "./landing-variants.ts";
import type { SearchLogOptions } from "./endpoints.ts";

export type PipelineOptions = {
  /** The site's server build: the code build's, or (the dev server) Vite's as it is now. */
  build: BuildSource;
  /** React Router's development mode: the dev server's (page-renderer.ts). */
  development?: boolean;
  /** The configured public origin: the only source of absolute URLs. */
  origin: string;
  /** The live content release: files, redirect tables, content (server/releases/). */
  releases: Pick<Releases, "current">;
  /** Where forms are submitted (server/leads, started by server/main.ts), handed to route code per request. */
  leads?: LeadsService;
  /**
   * Refuses unwanted form posts before React Router reads them (server/leads/guard.ts); true when it
   * answered, otherwise (for a form post) the whole body, read and checked, that React Router then gets.
   */
  guard?: FormGuard;
  /** Public runtime configuration for HTML rendered from a release that records none (the dev server's); a release's own is its pages'. */
  headTag?: string | null;
  security: SecurityHeaders;
  /** Requests that are not static files, per visitor address. */
  rateLimiter: RateLimiter;
  /** CSP reports, per visitor address (browsers may send one per violation). */
  reportLimiter: RateLimiter;
  /** What visitors search (server/search-log.ts): the store's counts, who is counted, reports per visitor. */
  searchLog?: SearchLogOptions;
  bodyLimitBytes: number;
  /** Bytes of the release's most requested files kept in memory (file-cache.ts). */
  fileCacheBytes: number;
  trustedProxyHops: number;
  readiness: Readiness;
  log: Logger;
  /** Set once shutdown begins: keep-alive clients are told to close, /readyz turns 503. */
  isShuttingDown?: () => boolean;
  /** Landings' headline tests: which variant a visitor's page is, and its view counted (landing-variants.ts). */
  landings?: LandingVariants;
  /** The studio's process (server/studio/room.ts), answering /studio and below; absent with STUDIO=off. */
  studio?: Pick<StudioRoom, "owns" | "handle">;
};

/** What the site's own endpoints get per request (server/endpoints.ts). */
function endpointContext(options: PipelineOptions, isShuttingDown: () => boolean): (id: string, visitor: string) => EndpointContext {
  const { origin, readiness, reportLimiter, searchLog, log } = options;
  return (id, visitor) => ({ id, origin, visitor, readiness, reportLimiter, ...(searchLog ? { searchLog } : {}), log, isShuttingDown });
}

const METHODS = new Set(["GET", "HEAD", "POST"]);
/** Longer request targets are refused (nginx's default buffer is 8 KB too). */
const MAX_TARGET_LENGTH = 8_192;
/** A request id from a trusted proxy is kept if it looks like one. */
const FORWARDED_ID = /^[\w.:-]{8,64}$/;

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

/** The request's id: a trusted proxy's, if it looks like one, else a new one. */
function requestId(req: IncomingMessage, trustedProxyHops: number): string {
  const forwarded = req.headers["x-request-id"];
  return trustedProxyHops > 0 && typeof forwarded === "string" && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
}

/** One log line per request, when its response closes (answered or aborted). */
function logWhenClosed(log: Logger, req: IncomingMessage, res: ServerResponse, request: { id: string; target: string; started: number }): void {
  // A response closes once: `on` spares the wrapper `once` would add to every request.
  res.on("close", () => {
    log.request({
      id: request.id,
      method: req.method ?? "GET",
      path: loggablePath(request.target),
      status: res.statusCode,
      ms: Math.round((performance.now() - request.started) * 100) / 100,
      aborted: !res.writableFinished,
    });
  });
}

export function createPipeline(options: PipelineOptions) {
  const { origin, security, log } = options;
  const isShuttingDown = options.isShuttingDown ?? (() => false);
  const render = createRender({ build: options.build, ...(options.development ? { development: true } : {}), origin, security, log, headTag: options.headTag, trustedProxyHops: options.trustedProxyHops, ...(options.leads ? { leads: options.leads } : {}) });
  // One for every release: a file a new release did not change stays warm.
  const viewOf = createReleaseViews(security, log, createFileCache(options.fileCacheBytes));

  /**
   * The headers of each request's own: its id, the release it is answered from, and while
   * shutting down, that the connection ends.
   */
  const perRequest = (id: string, view: View) => {
    const own = ["X-Request-Id", id, "X-Release-Id", view.release.id];
    return isShuttingDown() ? [...own, "Connection", "close"] : own;
  };

  /** Every response but a file's: security headers first, whatever answers. */
  function baseline(res: ServerResponse, id: string, view: View) {
    security.apply(res);
    const own = perRequest(id, view);
    for (let i = 0; i < own.length; i += 2) res.setHeader(own[i] as string, own[i + 1] as string);
  }

  function serveFile(req: IncomingMessage, res: ServerResponse, id: string, view: View, path: string, file: StaticFile, status?: number) {
    return view.fileResponder.send(req, res, path, file, perRequest(id, view), status);
  }

  /** A file of the release as planned; a landing's page as the variant its visitor drew (landing-variants.ts). */
  function servePlanned(req: IncomingMessage, res: ServerResponse, id: string, view: View, path: string, file: StaticFile) {
    const landing = options.landings?.pick(req, view.release.files, path);
    if (!landing) return serveFile(req, res, id, view, path, file);
    return view.fileResponder.send(req, res, landing.path, landing.file, [...perRequest(id, view), ...landing.headers]);
  }

  const context = endpointContext(options, isShuttingDown);

  async function route(req: IncomingMessage, res: ServerResponse, id: string, view: View, target: string) {
    // The studio is a room of its own: its own methods, limits and headers (on top of these).
    if (options.studio?.owns(target)) {
      baseline(res, id, view);
      return options.studio.handle(req, res, log, id);
    }
    const method = req.method ?? "GET";
    const parts = METHODS.has(method) && target.length <= MAX_TARGET_LENGTH ? splitTarget(target) : null;
    const read = parts && (method === "GET" || method === "HEAD") ? plan(view, method, parts.pathname, parts.search) : null;
    // Most requests are for a file of the release or the build: answered before anything else
    // is set, with the headers worked out once per file (file-response.ts).
    if (read?.kind === "file" && !req.headers.expect && !bodyProblem(req, options.bodyLimitBytes)) {
      return servePlanned(req, res, id, view, read.path, read.file);
    }
    baseline(res, id, view);
    if (!METHODS.has(method)) {
      res.setHeader("Allow", "GET, HEAD, POST");
      return plain(res, 405, "Method Not Allowed");
    }
    if (target.length > MAX_TARGET_LENGTH) return plain(res, 414, "URI Too Long");
    if (!parts) return plain(res, 400, "Bad Request: malformed address");
    // Form posts have limits of their own (a CV is larger), answered in Russian by the guard.
    const problem = options.guard?.owns(req, parts.pathname) ? null : bodyProblem(req, options.bodyLimitBytes);
    // The body is never used: answered at once, drained, then the connection closes (body.ts).
    if (problem) return refuseUnread(req, res, problem.status, problem.message);
    if (req.headers.expect?.toLowerCase() === "100-continue") res.writeContinue();
    const visitor = rateLimitKey(clientAddress(req, options.trustedProxyHops));
    // The site's own endpoints (endpoints.ts); a probe's path with a query is not the probe.
    const endpoint = siteEndpoint(parts.pathname);
    if (endpoint && !endpoint.probe) return answerEndpoint(endpoint, req, res, context(id, visitor));

    const next = read ?? plan(view, method, parts.pathname, parts.search);
    // Rendered at /error/ (a query keeps it from the file, whose own headers say the same): never indexed.
    if (parts.pathname === paths.error()) res.setHeader("X-Robots-Tag", "noindex");
    if (next.kind === "file") return servePlanned(req, res, id, view, next.path, next.file);
    if (next.kind === "missing-asset") return plain(res, 404, "Not Found");
    const decision = options.rateLimiter.take(visitor);
    if (!decision.allowed) return tooManyRequests(res, decision.retryAfterSeconds);
    if (next.kind === "redirect") return redirect(res, next.status, next.location);
    // A form post comes back with its whole body, read and checked by the guard.
    const admitted = await options.guard?.(req, res, parts.pathname);
    if (admitted === true) return;
    // Rendered from the same release the rest of the response comes from.
    await render(req, res, id, view.release, parts.pathname, parts.search, next.kind === "gone" ? 410 : undefined, admitted || undefined);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const target = req.url ?? "/";
    const id = requestId(req, options.trustedProxyHops);
    // Taken once: a release that goes live meanwhile answers the next request, not half of this one.
    const view = viewOf(options.releases.current());
    // Probes come every few seconds from every balancer: not logged, not limited (endpoints.ts).
    const probe = siteEndpoint(target);
    if (probe?.probe) {
      baseline(res, id, view);
      return answerEndpoint(probe, req, res, context(id, ""));
    }

    logWhenClosed(log, req, res, { id, target, started });
    try {
      await route(req, res, id, view, target);
    } catch (error) {
      // Answered 408 meanwhile (http-server.ts): the handler's own end came too late to matter.
      if (wasCutByTimeout(res)) return;
      log.error("request failed", { id, path: loggablePath(target), error });
      if (res.headersSent) {
        res.destroy();
        return;
      }
      // Visitors see the error page; the stack stays in the log.
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      const errorPage = view.release.files.get(ERROR_PAGE);
      if (errorPage) return serveFile(req, res, id, view, ERROR_PAGE, errorPage, 500);
      baseline(res, id, view);
      plain(res, 500, "Internal Server Error");
    }
  }

  /** Renders these targets once, unseen, from the live release (see render.ts). */
  const warmUp = (targets: readonly string[]) => render.warmUp(targets, options.releases.current().source);
  return Object.assign(handle, { warmUp });
}
