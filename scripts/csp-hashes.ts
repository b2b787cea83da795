/**
 * Post-build step: records the CSP hashes of every prerendered page's inline
 * scripts in build/csp-hashes.json (see server/csp-manifest.ts).
 */
import { BUILD_DIR, CLIENT_DIR } from "../app/config/paths.server.ts";
import { computeCspManifest, writeCspManifest } from "../server/csp-manifest.ts";

const manifest = computeCspManifest(CLIENT_DIR);
const pages = Object.keys(manifest.pages).length;
const distinct = new Set(Object.values(manifest.pages).flat()).size;
const file = writeCspManifest(BUILD_DIR, manifest);
console.log(`csp: ${distinct} distinct inline-script hashes over ${pages} pages → ${file}`);
