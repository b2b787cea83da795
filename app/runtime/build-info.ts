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
