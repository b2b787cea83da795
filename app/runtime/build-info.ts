import type { BuildIdentity } from "#core/lib/build-identity.ts";

/**
 * The release this tab's page came from. The server says it in a
 * `Server-Timing: release;desc="<id>"` header of every page (a header, not
 * the page's bytes: a release reuses unchanged pages byte for byte), which the
 * browser exposes on the navigation's timing entry, read through an observer
 * (page scripts may stand in for `performance` itself, a test's fake clock
 * among them). Null in development (no polling, no route rules file) or where
 * the browser does not expose it.
 */
export function runningBuild(): Promise<BuildIdentity | null> {
  if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes.includes("navigation")) {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      observer.disconnect();
      const [entry] = list.getEntries() as PerformanceNavigationTiming[];
      const id = entry?.serverTiming.find((timing) => timing.name === "release")?.description;
      resolve(id ? { id, timestamp: 0 } : null);
    });
    observer.observe({ type: "navigation", buffered: true });
  });
}

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
