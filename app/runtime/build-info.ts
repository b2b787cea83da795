import type { BuildIdentity } from "../lib/build-identity.ts";

/**
 * The release this tab's page came from. The server says it in a
 * `Server-Timing: release;desc="<id>"` header of every page (a header, not
 * the page's bytes: a release reuses unchanged pages byte for byte), which the
 * browser exposes on the navigation's timing entry. None in development (no
 * polling, no route rules file) or where the browser does not expose it.
 */
function fromNavigation(): BuildIdentity | null {
  if (typeof performance === "undefined") return null;
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  const id = entry?.serverTiming?.find((timing) => timing.name === "release")?.description;
  return id ? { id, timestamp: 0 } : null;
}

export const runningBuild: BuildIdentity | null = fromNavigation();

/** Spec: the update check runs every hour, the first time an hour after the app is ready. */
export const UPDATE_POLL_MS = 3_600_000;

let newBuild: BuildIdentity | null = null;

/** Set once a newer release exists: the next navigation loads its destination as a full page. */
export function newerBuild(): BuildIdentity | null {
  return newBuild;
}

export function setNewerBuild(latest: BuildIdentity): void {
  newBuild = latest;
}
