import type { Config } from "@react-router/dev/config";

/**
 * Server rendering only: pages are rendered to files by content releases
 * (server/releases/), not by the code build, so publishing content never
 * rebuilds code and one build serves any origin.
 */
export default {
  ssr: true,
  // All ~30 routes ship in the first manifest: no /__manifest round trips and no
  // lazy-discovery skew between deploys.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
