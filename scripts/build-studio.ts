/**
 * Build step: the studio's browser app (studio/) into build/studio; its files
 * are compressed with the rest of the code build (scripts/compress.ts).
 */
import { build } from "vite";

export async function buildStudio(): Promise<void> {
  const started = performance.now();
  await build({ configFile: "studio/vite.config.ts", logLevel: "warn" });
  console.log(`studio: built in ${Math.round(performance.now() - started)} ms`);
}

if (import.meta.main) await buildStudio();
