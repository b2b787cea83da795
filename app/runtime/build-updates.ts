import { LATEST_BUILD_PATH, type BuildIdentity } from "#core/lib/build-identity.ts";
import { setNewerBuild, UPDATE_POLL_MS } from "./build-info.ts";

/**
 * The hourly check for a new build. The app loads this module when the first
 * check is due (app/runtime/app-runtime.tsx), not with the page.
 */

export type UpdatePolling = {
  /** Resolves with the newest build's identity; may reject (network, parse). */
  fetchLatest: () => Promise<BuildIdentity>;
  schedule: (run: () => void, ms: number) => void;
  runningId: string;
  onNewBuild: (latest: BuildIdentity) => void;
};

/** Checks now (when due), then hourly until the id changes; then reports once and stops. Failed checks are ignored. */
export function startUpdatePolling({ fetchLatest, schedule, runningId, onNewBuild }: UpdatePolling, firstInMs = UPDATE_POLL_MS): void {
  const check = async () => {
    try {
      const latest = await fetchLatest();
      if (latest.id !== runningId) {
        onNewBuild(latest);
        return;
      }
    } catch {
      // Offline or a deploy in progress: try again next hour.
    }
    schedule(check, UPDATE_POLL_MS);
  };
  if (firstInMs > 0) schedule(check, firstInMs);
  else void check();
}

/** The first check is due now: it runs at once, then hourly. */
export function pollForNewBuild(running: BuildIdentity): void {
  startUpdatePolling({
    runningId: running.id,
    schedule: (run, ms) => window.setTimeout(run, ms),
    fetchLatest: async () => {
      // The bare timestamp defeats every cache on the way.
      const response = await fetch(`${LATEST_BUILD_PATH}?${Date.now()}`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const latest = (await response.json()) as Partial<BuildIdentity>;
      if (typeof latest.id !== "string") throw new Error("no id");
      return { id: latest.id, timestamp: Number(latest.timestamp) };
    },
    onNewBuild: setNewerBuild,
  }, 0);
}
