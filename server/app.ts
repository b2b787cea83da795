import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";
import type { LeadsService } from "#core/forms/service.server.ts";
import { matchRouteRule } from "#core/lib/route-rules.ts";
import { canonicalPathname, isSlashExempt, safeLocation, safeQuery } from "#core/lib/url.ts";
import { BODY_MESSAGES, bodyProblem, readBody, refuseUnread } from "./body.ts";
import type { FormGuard } from "./leads/guard.ts";
import { CSP_REPORT_PATH } from "./csp.ts";
import { CSP_REPORT_MAX_BYTES, CSP_REPORT_TYPES, parseCspReports } from "./csp-report.ts";
import type { SecurityHeaders } from "./headers.ts";
import type { Readiness } from "./health.ts";
import { loggablePath, type Logger } from "./log.ts";
import { clientAddress, rateLimitKey, type RateLimiter } from "./rate-limit.ts";
import { movedQuery } from "./redirect-table.ts";
import type { LiveRelease } from "./releases/live.ts";
import type { Releases } from "./releases/serving.ts";
import { createRender } from "./render.ts";
import { createFileCache } from "./file-cache.ts";
import { createFileResponder } from "./file-response.ts";
import { plain, redirect, tooManyRequests } from "./respond.ts";
import { prerenderedPages, type StaticFile } from "./static-files.ts";
import { wasCutByTimeout } from "./timeout.ts";
import type { StudioRoom } from "./studio/room.ts";

export type AppOptions = {
  build: ServerBuild;
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
  /** Public runtime configuration for rendered HTML (prerendered pages already carry it). */
  headTag?: string | null;
  security: SecurityHeaders;
  /** Requests that are not static files, per visitor address. */
  rateLimiter: RateLimiter;
  /** CSP reports, per visitor address (browsers may send one per violation). */
  reportLimiter: RateLimiter;
  bodyLimitBytes: number;
  /** Bytes of the release's most requested files kept in memory (file-cache.ts). */
  fileCacheBytes: number;
  trustedProxyHops: number;
  readiness: Readiness;
  log: Logger;
  /** Set once shutdown begins: keep-alive clients are told to close, /readyz turns 503. */
  isShuttingDown?: () => boolean;
  /** The studio's process (server/studio/room.ts), answering /studio and below; absent with STUDIO=off. */
  studio?: Pick<StudioRoom, "owns" | "handle">;
};

/** Query parameters that never change what a page shows (ad tracking, RR's route subset). */
const PASSIVE_PARAM = /^(utm_[a-z]+|yclid|gclid|fbclid|_openstat|from|_routes)$/;
const METHODS = new Set(["GET", "HEAD", "POST"]);
/** Longer request targets are refused (nginx's default buffer is 8 KB too). */
const MAX_TARGET_LENGTH = 8_192;
/** The page served for failures (500), and at /error/. */
const ERROR_PAGE = "/error/index.html";
const INDEX_FILE = "index.html";
/** A request id from a trusted proxy is kept if it looks like one. */
const FORWARDED_ID = /^[\w.:-]{8,64}$/;

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

/** What a request resolves to before any expensive work is done. */
type Plan =
  | { kind: "file"; path: string; file: StaticFile }
  | { kind: "missing-asset" }
  | { kind: "redirect"; status: number; location: string }
  | { kind: "render" }
  /** A page taken off the site: the not-found page, answered 410. */
  | { kind: "gone" };

/**
 * What is worked out once per release: the CSP of each page, the live pages
 * for case-insensitive matches, and the plans of file requests.
 */
type View = {
  release: LiveRelease;
  livePages: Map<string, string>;
  filePlans: Map<string, Plan>;
  fileResponder: ReturnType<typeof createFileResponder>;
};

export function createApp(options: AppOptions) {
  const { origin, security, log } = options;
  const isShuttingDown = options.isShuttingDown ?? (() => false);
  const render = createRender({ build: options.build, origin, security, log, headTag: options.headTag, trustedProxyHops: options.trustedProxyHops, ...(options.leads ? { leads: options.leads } : {}) });
  const views = new WeakMap<LiveRelease, View>();
  // One for every release: a file a new release did not change stays warm.
  const fileCache = createFileCache(options.fileCacheBytes);

  function viewOf(release: LiveRelease): View {
    const known = views.get(release);
    if (known) return known;
    // The CSP of each HTML page: its inline scripts' hashes. Pages that share their scripts share
    // one list of hashes (loadRelease) and so one header, made once; found per request, not kept
    // per file (5,000 articles are 5,000 pages).
    const cspOf = new Map<readonly string[], string>();
    const hashesOf = (path: string) => (path.endsWith(INDEX_FILE) ? release.scriptHashes.get(path.slice(0, -INDEX_FILE.length)) : undefined);
    for (const path of release.files.keys()) {
      if (!path.endsWith(".html")) continue;
      const hashes = hashesOf(path);
      if (!hashes) throw new Error(`release ${release.id} has no CSP hashes for ${path}`);
      if (!cspOf.has(hashes)) cspOf.set(hashes, security.csp(hashes));
    }
    const cspFor = (path: string) => {
      const hashes = hashesOf(path);
      return hashes && cspOf.get(hashes);
    };
    // Pages say which release they come from to the page itself, too (app/runtime/build-info.ts).
    const pageHeaders = ["Server-Timing", `release;desc="${release.id}"`];
    const headersOf = (path: string) => {
      const base = security.list(cspFor(path));
      if (!path.endsWith(".html")) return base;
      // The error page is served, never indexed.
      return path === ERROR_PAGE ? [...base, ...pageHeaders, "X-Robots-Tag", "noindex"] : [...base, ...pageHeaders];
    };
    const fileResponder = createFileResponder(headersOf, fileCache, (path, error) =>
      log.error("could not read a file of the release", { release: release.id, path, error }),
    );
    const view: View = {
      release,
      livePages: new Map(prerenderedPages(release.files).map((p) => [fold(p), p])),
      // A file request without a query always plans the same within a release: its plan is
      // kept, at most one per file, and later requests for the file skip the redirect table,
      // route rules and lookups below.
      filePlans: new Map(),
      fileResponder,
    };
    views.set(release, view);
    return view;
  }

  function plan(view: View, method: string, pathname: string, search: string): Plan {
    const readOnly = method === "GET" || method === "HEAD";
    const known = readOnly && search === "" ? view.filePlans.get(pathname) : undefined;
    if (known) return known;
    const found = planAnew(view, readOnly, pathname, search);
    if (found.kind === "file" && search === "") view.filePlans.set(pathname, found);
    return found;
  }

  function planAnew(view: View, readOnly: boolean, pathname: string, search: string): Plan {
    const { files, redirects, routeRules } = view.release;
    const canonical = canonicalPathname(pathname);
    const tableTarget = redirects.get(canonical);
    if (tableTarget) {
      return { kind: "redirect", status: 301, location: external(tableTarget, search) ?? safeLocation(tableTarget, search) };
    }
    const movedTo = search ? movedQuery(redirects, canonical, search) : null;
    if (movedTo) return { kind: "redirect", status: 301, location: safeLocation(movedTo.path, movedTo.search) };
    const rule = matchRouteRule(routeRules, canonical);
    if (rule) {
      return { kind: "redirect", status: rule.status, location: external(rule.target, search) ?? safeLocation(rule.target, search) };
    }
    if (canonical !== pathname) return { kind: "redirect", status: 301, location: safeLocation(canonical, search) };
    const live = view.livePages.get(fold(canonical));
    if (live && live !== canonical) return { kind: "redirect", status: 301, location: safeLocation(live, search) };

    const passive = onlyPassiveParams(search);
    if (isSlashExempt(canonical)) {
      const file = files.get(canonical);
      if (file && readOnly && (!canonical.endsWith(".data") || passive)) return { kind: "file", path: canonical, file };
      // A missing hashed asset is a fast 404, never an HTML page.
      if (canonical.startsWith("/assets/")) return { kind: "missing-asset" };
    } else if (passive && readOnly) {
      const path = `${canonical}index.html`;
      const file = files.get(path);
      if (file) return { kind: "file", path, file };
    }
    if (readOnly && view.release.gone.has(canonical)) return { kind: "gone" };
    return { kind: "render" };
  }

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

  async function health(req: IncomingMessage, res: ServerResponse, target: "/healthz" | "/readyz") {
    res.setHeader("Content-Type", "application/json");
    res.setHeader("Cache-Control", "no-store");
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      return plain(res, 405, "Method Not Allowed");
    }
    let status = 200;
    let body: object = { status: "ok" };
    if (target === "/readyz") {
      const report = isShuttingDown() ? null : await options.readiness.run();
      status = report?.ready ? 200 : 503;
      body = report ? { status: report.ready ? "ready" : "not ready", checks: report.checks } : { status: "shutting down" };
    }
    res.statusCode = status;
    res.end(req.method === "HEAD" ? undefined : JSON.stringify(body));
  }

  async function cspReport(req: IncomingMessage, res: ServerResponse, id: string, visitor: string) {
    if (req.method !== "POST") {
      res.setHeader("Allow", "POST");
      return plain(res, 405, "Method Not Allowed");
    }
    const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (!CSP_REPORT_TYPES.includes(type)) return plain(res, 415, "Unsupported Media Type");
    const decision = options.reportLimiter.take(visitor);
    if (!decision.allowed) return tooManyRequests(res, decision.retryAfterSeconds);
    const body = await readBody(req, CSP_REPORT_MAX_BYTES);
    if (body === null) return refuseUnread(req, res, 413, BODY_MESSAGES.tooLarge(CSP_REPORT_MAX_BYTES));
    for (const violation of parseCspReports(body.toString("utf8"))) log.warn("csp violation", { id, ...violation });
    res.statusCode = 204;
    res.setHeader("Cache-Control", "no-store");
    res.end();
  }

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
      return serveFile(req, res, id, view, read.path, read.file);
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
    if (parts.pathname === CSP_REPORT_PATH) return cspReport(req, res, id, visitor);

    const next = read ?? plan(view, method, parts.pathname, parts.search);
    // Rendered at /error/ (a query keeps it from the file, whose own headers say the same): never indexed.
    if (parts.pathname === "/error/") res.setHeader("X-Robots-Tag", "noindex");
    if (next.kind === "file") return serveFile(req, res, id, view, next.path, next.file);
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
    const forwarded = req.headers["x-request-id"];
    const id =
      options.trustedProxyHops > 0 && typeof forwarded === "string" && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
    // Taken once: a release that goes live meanwhile answers the next request, not half of this one.
    const view = viewOf(options.releases.current());
    // Probes come every few seconds from every balancer: not logged, not limited.
    if (target === "/healthz" || target === "/readyz") {
      baseline(res, id, view);
      return health(req, res, target);
    }

    // A response closes once: `on` spares the wrapper `once` would add to every request.
    res.on("close", () => {
      log.request({
        id,
        method: req.method ?? "GET",
        path: loggablePath(target),
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 100) / 100,
        aborted: !res.writableFinished,
      });
    });
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
