import type { RouteRules } from "./route-rules.ts";

/**
 * What identifies the site's state to open tabs: a content release (the
 * spec's "build"), made with one code build. `builds/latest.json` holds the
 * identity of the live release (short cache); `builds/meta/<id>.json` the
 * identity with the release's route rules and pages (immutable, kept a while
 * for tabs opened on earlier releases).
 */
export type BuildIdentity = { id: string; timestamp: number };
export type BuildMeta = BuildIdentity & { routeRules: RouteRules; prerendered: string[] };

export const LATEST_BUILD_PATH = "/builds/latest.json";

export function buildMetaPath(id: string): string {
  return `/builds/meta/${encodeURIComponent(id)}.json`;
}
