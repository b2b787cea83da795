import type { RouteRules } from "./route-rules.ts";

/**
 * What identifies a build to open tabs. `builds/latest.json` holds the
 * identity of the newest build (short cache); `builds/meta/<id>.json` the
 * identity with the build's route rules and prerendered pages (immutable).
 */
export type BuildIdentity = { id: string; timestamp: number };
export type BuildMeta = BuildIdentity & { routeRules: RouteRules; prerendered: string[] };

export const LATEST_BUILD_PATH = "/builds/latest.json";

export function buildMetaPath(id: string): string {
  return `/builds/meta/${encodeURIComponent(id)}.json`;
}
