/**
 * `npm run build`: gives the build an identity (random id + timestamp),
 * compiles and prerenders with React Router (the identity reaches the browser
 * bundle as VITE_BUILD_ID / VITE_BUILD_TIMESTAMP), then writes the identity
 * files open tabs poll (builds/latest.json, builds/meta/<id>.json), defers
 * the app's scripts of every prerendered page until it has loaded, and keeps
 * the highlighted code blocks the server reuses instead of running shiki.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLIENT_DIR } from "../app/config/paths.server.ts";
import { HIGHLIGHT_CACHE_FILE, highlightedBlocks } from "../app/content/highlight.server.ts";
import { content } from "../app/content/index.server.ts";
import { loadRouteRules } from "../app/lib/route-rules.server.ts";
import { deferHydration } from "../server/defer-hydration.ts";
import { writeBuildIdentity, prerenderedPaths } from "./build-identity.ts";

const identity = { id: randomUUID(), timestamp: Date.now() };
// Never let the prerender reuse blocks highlighted by an older build.
rmSync(HIGHLIGHT_CACHE_FILE, { force: true });

const result = spawnSync("react-router", ["build"], {
  stdio: "inherit",
  env: { ...process.env, VITE_BUILD_ID: identity.id, VITE_BUILD_TIMESTAMP: String(identity.timestamp) },
});
if (result.status !== 0) process.exit(result.status ?? 1);

const meta = { ...identity, routeRules: loadRouteRules(), prerendered: prerenderedPaths(CLIENT_DIR) };
// Content first, then the app (server/defer-hydration.ts).
for (const path of meta.prerendered) {
  const file = join(CLIENT_DIR, path, "index.html");
  writeFileSync(file, deferHydration(readFileSync(file, "utf8")));
}
writeBuildIdentity(CLIENT_DIR, meta);

content();
writeFileSync(HIGHLIGHT_CACHE_FILE, JSON.stringify(highlightedBlocks()));
console.log(`build ${identity.id}: ${meta.prerendered.length} prerendered pages, ${Object.keys(meta.routeRules).length} route rules`);
