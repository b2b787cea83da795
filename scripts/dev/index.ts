/**
 * `npm run dev`: the production server (server/main.ts: URL rules, redirects,
 * headers, forms, the studio and its process) with Vite in middleware mode in
 * front of it (decision 040). Swapped, and nothing else: the site's server
 * build comes from Vite, loaded again after an edit; the static files and
 * the studio's app are Vite's, with hot reload; the content is content/ on
 * disk, every page rendered on request (scripts/dev/content.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { DevVite } from "./vite.ts";

// React and React Router load their development builds (hot reload needs them) only if this is
// set before they are first imported; server/index.ts sets "production" the same way.
process.env.NODE_ENV = "development";
const { env } = await import("#core/config/env.server.ts");
const { startSite } = await import("../../server/main.ts");
const { createSecurityHeaders, securityOptionsFromEnv } = await import("../../server/headers.ts");
const { createLogger } = await import("../../server/log.ts");
const { watchDevContent } = await import("./content.ts");
const { startDevVite } = await import("./vite.ts");

/** The artwork's manifest `npm run images` writes (scripts/images/index.ts), which releases draw themselves. */
const IMAGES_MANIFEST = resolve("app/images/manifest.generated.json");

const studioFiles = mkdtempSync(join(tmpdir(), "studio-dev-"));
process.on("exit", () => rmSync(studioFiles, { recursive: true, force: true }));
let vite: DevVite | undefined;

await startSite({
  wiring: {
    build: () => {
      if (!vite) throw new Error("the site's build was asked for before Vite started");
      return vite.build();
    },
    development: true,
    releases: watchDevContent(IMAGES_MANIFEST, createLogger({ level: env.LOG_LEVEL })),
    security: createSecurityHeaders({ ...securityOptionsFromEnv(env), viteStyles: true }),
  },
  studio: { script: new URL("./studio.ts", import.meta.url), args: [studioFiles] },
  front: async (server) => {
    vite = await startDevVite(server, studioFiles);
    return vite.front;
  },
});
