/**
 * `npm run build`, the code build: the client bundles, and in build/runtime/
 * the site's server build (React Router) with the production server, the
 * release maker and the studio's command in one bundle (scripts/server-entries.ts), the studio's app (build/studio/), compressed assets, and build/code.json naming
 * this code. Nothing here depends on content or on the origin: pages are
 * rendered by a release (`npm run publish`, or `npm start` when there is none),
 * with the running configuration.
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { BUILD_DIR } from "#core/config/folders.server.ts";
import { writeCodeIdentity } from "./build-identity.ts";
import { buildStudio } from "./build-studio.ts";
import { compressCodeAssets } from "./compress.ts";

const started = performance.now();
rmSync(BUILD_DIR, { recursive: true, force: true });
const result = spawnSync("react-router", ["build"], { stdio: "inherit" });
if (result.status !== 0) process.exit(result.status ?? 1);
await buildStudio();
compressCodeAssets();
const id = writeCodeIdentity(BUILD_DIR);
console.log(`code build ${id} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
