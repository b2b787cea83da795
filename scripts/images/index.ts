/**
 * `npm run images`: draws every image of the site from the content and
 * encodes what is new (see encode.ts). Runs before `react-router build`, so
 * the files land in the client build (public/assets/images/) and the manifest
 * in the server build (app/images/manifest.generated.json). Both are
 * generated, never committed.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import sharp from "sharp";
import type { ImageData } from "#core/images/types.ts";
import { artworkCatalog } from "#core/images/catalog.ts";
import { type Encoded, encode } from "#core/images/encode.ts";

const OUT_DIR = resolve("public/assets/images");
const MANIFEST = resolve("app/images/manifest.generated.json");

const started = performance.now();
mkdirSync(OUT_DIR, { recursive: true });
const catalog = artworkCatalog();

// Images in parallel, one libvips thread each: on a small machine that beats
// one image at a time with libvips spreading itself over the same cores.
sharp.concurrency(1);
const workers = Math.max(1, availableParallelism());
const results: Encoded[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: workers }, async () => {
    while (next < catalog.length) {
      const art = catalog[next];
      next += 1;
      if (art) results.push(await encode(art, OUT_DIR));
    }
  }),
);

const manifest: Record<string, ImageData> = {};
for (const result of results.sort((a, b) => a.key.localeCompare(b.key))) manifest[result.key] = result.image;
writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 1)}\n`);

// Files of artwork that changed or left the content.
const wanted = new Set(results.flatMap((result) => result.files));
let removed = 0;
for (const file of readdirSync(OUT_DIR)) {
  if (!wanted.has(file)) {
    rmSync(join(OUT_DIR, file));
    removed += 1;
  }
}

const encodedCount = results.filter((result) => result.encoded).length;
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`images: ${results.length} (${encodedCount} drawn, ${results.length - encodedCount} cached, ${removed} stale removed) in ${seconds} s`);
