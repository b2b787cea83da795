import type { BuildIdentity } from "../lib/build-identity.ts";

/**
 * The identity of the code running in this tab, baked in by `npm run build`
 * (scripts/build.ts). Absent in development: no polling, no route rules file.
 */
function fromEnv(): BuildIdentity | null {
  const id: unknown = import.meta.env.VITE_BUILD_ID;
  const timestamp = Number(import.meta.env.VITE_BUILD_TIMESTAMP);
  return typeof id === "string" && id !== "" && Number.isFinite(timestamp) ? { id, timestamp } : null;
}

export const runningBuild: BuildIdentity | null = fromEnv();

/** Spec: the update check runs every hour, the first time an hour after the app is ready. */
export const UPDATE_POLL_MS = 3_600_000;

let newBuild: BuildIdentity | null = null;

/** Set once a newer build exists: the next navigation loads its destination as a full page. */
export function newerBuild(): BuildIdentity | null {
  return newBuild;
}

export function setNewerBuild(latest: BuildIdentity): void {
  newBuild = latest;
}
