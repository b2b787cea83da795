import { buildMetaPath, type BuildIdentity, type BuildMeta } from "#core/lib/build-identity.ts";
import { matchRouteRule, type RouteRules } from "#core/lib/route-rules.ts";
import { allowsRouteRules, currentConnection } from "./connection.ts";

/** About a second after the app is ready: off the critical path. */
export const ROUTE_RULES_DELAY_MS = 1_000;

export type RuleRedirect = { href: string; external: boolean };

/**
 * Where a client-side navigation to `pathname` must go instead, by the same
 * rules the server applies (content/route-rules.json, shipped in the build's
 * meta file). The hash is kept unless the target has its own.
 */
export function ruleRedirect(rules: RouteRules, pathname: string, hash: string): RuleRedirect | null {
  const match = matchRouteRule(rules, pathname);
  if (!match) return null;
  const href = match.target.includes("#") ? match.target : match.target + hash;
  return { href, external: match.external };
}

let rules: RouteRules | null = null;

export function loadedRouteRules(): RouteRules | null {
  return rules;
}

/** Fetches the build's meta file once, later; a failure is logged and navigation goes on without rules. */
export function scheduleRouteRules(build: BuildIdentity): void {
  if (!allowsRouteRules(currentConnection())) return;
  window.setTimeout(async () => {
    try {
      const response = await fetch(buildMetaPath(build.id));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const meta = (await response.json()) as Partial<BuildMeta>;
      if (typeof meta.routeRules !== "object" || meta.routeRules === null) throw new Error("no routeRules in the file");
      rules = meta.routeRules;
    } catch (error) {
      console.error(`Could not load the build manifest ${buildMetaPath(build.id)}; route rules are off for this tab`, error);
    }
  }, ROUTE_RULES_DELAY_MS);
}
