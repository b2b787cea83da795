import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/sitemap.server.ts";

export default {
  ssr: true,
  // All ~30 routes ship in the first manifest: no /__manifest round trips and no
  // lazy-discovery skew between deploys.
  routeDiscovery: { mode: "initial" },
  prerender: {
    paths: () => prerenderPaths(),
    concurrency: 2,
  },
} satisfies Config;
