/**
 * Build step: the studio's browser app (studio/) into build/studio, with
 * .br and .gz beside its files like the site's (scripts/compress.ts does both).
 */
import { build } from "vite";

const started = performance.now();
await build({ configFile: "studio/vite.config.ts", logLevel: "warn" });
console.log(`studio: built in ${Math.round(performance.now() - started)} ms`);
