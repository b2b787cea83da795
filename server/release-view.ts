import type { FileCache } from "./file-cache.ts";
import { createFileResponder } from "./file-response.ts";
import type { SecurityHeaders } from "./headers.ts";
import type { Logger } from "./log.ts";
import { paths } from "#core/lib/paths.ts";
import { matchRouteRule } from "#core/lib/route-rules.ts";
import { canonicalPathname, isSlashExempt, safeLocation, safeQuery } from "#core/lib/url.ts";
import { movedQuery } from "./redirect-table.ts";
import type { LiveRelease } from "./releases/live.ts";
import { prerenderedPages, type StaticFile } from "./static-files.ts";

/**
 * What a request for the site resolves to before any expensive work is done (server/pipeline.ts asks):
 * a file of the release, a redirect (the redirect table, route rules, the canonical address, a
 * live page in other letters), a 410 for a page taken off, a missing asset, or a page to render.
 * Worked out against a view of one release, made once per release.
 */

/** Query parameters that never change what a page shows (ad tracking, RR's route subset). */
const PASSIVE_PARAM = /^(utm_[a-z]+|yclid|gclid|fbclid|_openstat|from|_routes)$/;
/** The page served for failures (500), and at /error/. */
export const ERROR_PAGE = `${paths.error()}index.html`;
const INDEX_FILE = "index.html";

function onlyPassiveParams(search: string): boolean {
  if (search === "" || search === "?") return true;
  try {
    return [...new URLSearchParams(search).keys()].every((key) => PASSIVE_PARAM.test(key));
  } catch {
    return false;
  }
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
export type Plan =
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
export type View = {
  release: LiveRelease;
  livePages: Map<string, string>;
  filePlans: Map<string, Plan>;
  fileResponder: ReturnType<typeof createFileResponder>;
};

export function createReleaseViews(security: SecurityHeaders, log: Logger, fileCache: FileCache): (release: LiveRelease) => View {
  const views = new WeakMap<LiveRelease, View>();
  return function viewOf(release: LiveRelease): View {
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
  };
}

export function plan(view: View, method: string, pathname: string, search: string): Plan {
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

