import { isExternalHref, linkHref } from "./url.ts";

/**
 * Route rules: a small set of redirects (exact paths and `/prefix/**`
 * wildcards), separate from the large redirect table. The server applies them
 * with an HTTP redirect; the browser applies the same rules to client-side
 * navigation. Validated at build by `route-rules.server.ts`.
 */
export type RouteRule = { redirect: string; status: 301 | 302 | 307 | 308 };
export type RouteRules = Record<string, RouteRule>;
export type RouteRuleMatch = { target: string; status: RouteRule["status"]; external: boolean };

const WILDCARD = "/**";

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

/**
 * Most specific rule wins: an exact path beats any wildcard, a longer wildcard
 * prefix beats a shorter one. Trailing slashes are ignored when matching.
 */
export function matchRouteRule(rules: RouteRules, pathname: string): RouteRuleMatch | null {
  const path = trimSlash(pathname);
  let best: { rule: RouteRule; rest: string | null; weight: number } | null = null;
  for (const [pattern, rule] of Object.entries(rules)) {
    if (pattern.endsWith(WILDCARD)) {
      const prefix = pattern.slice(0, -WILDCARD.length);
      if (path !== prefix && !path.startsWith(`${prefix}/`)) continue;
      const weight = prefix.length;
      if (!best || (best.rest !== null && weight > best.weight)) {
        best = { rule, rest: path.slice(prefix.length), weight };
      }
    } else if (trimSlash(pattern) === path) {
      best = { rule, rest: null, weight: Number.POSITIVE_INFINITY };
    }
  }
  if (!best) return null;
  const { redirect, status } = best.rule;
  const target = redirect.endsWith(WILDCARD) ? redirect.slice(0, -WILDCARD.length) + (best.rest ?? "") : redirect;
  const external = isExternalHref(target);
  return { target: external ? target : linkHref(target || "/"), status, external };
}
