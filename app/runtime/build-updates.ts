import { LATEST_BUILD_PATH, type BuildIdentity } from "../lib/build-identity.ts";

/** Spec: the update check runs every hour, the first time an hour after the app is ready. */
export const UPDATE_POLL_MS = 3_600_000;

export type UpdatePolling = {
  /** Resolves with the newest build's identity; may reject (network, parse). */
  fetchLatest: () => Promise<BuildIdentity>;
  schedule: (run: () => void, ms: number) => void;
  runningId: string;
  onNewBuild: (latest: BuildIdentity) => void;
};

/** Checks hourly until the id changes, then reports once and stops. Failed checks are ignored. */
export function startUpdatePolling({ fetchLatest, schedule, runningId, onNewBuild }: UpdatePolling): void {
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
  schedule(check, UPDATE_POLL_MS);
}

let newBuild: BuildIdentity | null = null;

/** Set once a newer build exists: the next navigation loads its destination as a full page. */
export function newerBuild(): BuildIdentity | null {
  return newBuild;
}

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
    onNewBuild: (latest) => {
      newBuild = latest;
    },
  });
}
