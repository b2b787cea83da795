/**
 * URL rules shared by the Node server (redirects) and the browser (links and
 * navigation), so both sides agree on what a canonical address looks like.
 * Pure functions only: this file runs under Node's type stripping as well.
 */

const SCHEME = /^[a-z][a-z\d+.-]*:/i;
const SCRIPT_SCHEME = /^(javascript|data|vbscript|blob):/i;
// Browsers drop these anywhere in a URL before parsing its scheme.
const IGNORED_BY_BROWSERS = /[\u0000-\u001f\u007f]/g;

export function collapseSlashes(pathname: string): string {
  return pathname.replace(/\/{2,}/g, "/");
}

/** Build assets, data requests and anything with a file extension keep their exact path. */
export function isSlashExempt(pathname: string): boolean {
  if (pathname.startsWith("/assets/") || pathname === "/__manifest") return true;
  const lastSegment = pathname.slice(pathname.lastIndexOf("/") + 1);
  return lastSegment.includes(".");
}

/** `//services//seo` → `/services/seo/`; files and assets keep their path (collapsed). */
export function canonicalPathname(pathname: string): string {
  const collapsed = collapseSlashes(pathname.startsWith("/") ? pathname : `/${pathname}`);
  if (collapsed.endsWith("/") || isSlashExempt(collapsed)) return collapsed;
  return `${collapsed}/`;
}

export type SplitHref = { pathname: string; search: string; hash: string };

export function splitHref(href: string): SplitHref {
  const hashAt = href.indexOf("#");
  const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : href.slice(hashAt);
  const queryAt = beforeHash.indexOf("?");
  return {
    pathname: queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt),
    search: queryAt === -1 ? "" : beforeHash.slice(queryAt),
    hash,
  };
}

/** A scheme (`https:`, `mailto:`, `tel:`) or a protocol-relative `//host`. */
export function isExternalHref(href: string): boolean {
  const cleaned = href.replace(IGNORED_BY_BROWSERS, "").trimStart().replace(/\\/g, "/");
  return SCHEME.test(cleaned) || cleaned.startsWith("//");
}

/**
 * The href every internal link gets: trailing slash added, query and hash
 * kept (`/a?x=1#h` → `/a/?x=1#h`). External, `mailto:`, `tel:` and
 * same-page (`#x`, `?q`) hrefs are returned untouched.
 */
export function linkHref(href: string): string {
  if (isExternalHref(href) || !href.startsWith("/")) return href;
  const { pathname, search, hash } = splitHref(href);
  return canonicalPathname(pathname) + search + hash;
}

export class NavigationRefusedError extends Error {
  override name = "NavigationRefusedError";
}

export type NavigationTarget = { external: false; href: string } | { external: true; href: string };

/**
 * Decides where an in-app navigation may go. Double slashes are collapsed
 * first, so `//evil.com` is the internal path `/evil.com/`. External targets
 * need `external: true`; script-like protocols are refused even then.
 */
export function resolveNavigation(to: string, options: { external?: boolean } = {}): NavigationTarget {
  const cleaned = to.replace(IGNORED_BY_BROWSERS, "").trim();
  const unslashed = cleaned.startsWith("/") ? collapseSlashes(cleaned) : cleaned;
  if (!isExternalHref(unslashed)) {
    return { external: false, href: linkHref(unslashed.startsWith("/") ? unslashed : `/${unslashed}`) };
  }
  const protocol = SCRIPT_SCHEME.exec(unslashed)?.[1];
  if (protocol) {
    throw new NavigationRefusedError(`Cannot navigate to a URL with '${protocol.toLowerCase()}:' protocol.`);
  }
  if (!options.external) {
    throw new NavigationRefusedError("Navigating to an external URL is not allowed");
  }
  return { external: true, href: unslashed };
}

/**
 * Characters that may stand in a Location header path as they are. Anything
 * else (backslashes, controls, spaces, non-ASCII) is percent-encoded, so a
 * crafted path can neither become `/\host` nor inject a header.
 */
const LOCATION_SAFE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/g;
const QUERY_SAFE = /[^\x21-\x7e]|[\\"<>`{|}^]/g;

function encodeChar(char: string): string {
  return encodeURIComponent(char).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A query string kept as sent, except bytes that may not stand in a header. */
export function safeQuery(search: string): string {
  return search.replace(QUERY_SAFE, encodeChar);
}

/** A same-site Location: always starts with exactly one slash. */
export function safeLocation(pathname: string, search = ""): string {
  const path = `/${collapseSlashes(pathname).replace(/^\/+/, "")}`.replace(LOCATION_SAFE, encodeChar);
  return path + safeQuery(search);
}
