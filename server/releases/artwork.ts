import { mkdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import type { Content } from "#core/content/index.server.ts";
import type { ImageData } from "#core/images/types.ts";
import { artworkCatalog } from "#core/images/catalog.ts";
import type { Encoded } from "#core/images/encode.ts";

export type Artwork = {
  /** Image data by key, as pages look it up (app/images/images.server.ts). */
  images: Record<string, ImageData>;
  /** URL path → file in the cache, for every file the images need. */
  files: Map<string, string>;
  /** How many drawings were encoded anew (the rest were in the cache). */
  encoded: number;
};

/**
 * Every generated image of the content (covers, wordmarks, avatars), encoded
 * into a cache shared by all releases, where files are named by a hash of
 * their drawing: a release encodes only artwork that is new or changed.
 * `encode: false` names them without encoding any (a preview: its page is
 * shown with the live release's files, so new artwork waits for the release,
 * which encodes it in a process of its own, not in the server: decision 035).
 */
export async function drawArtwork(content: Content, cacheDir: string, { encode: write = true }: { encode?: boolean } = {}): Promise<Artwork> {
  // Loaded here, not with the module: sharp costs a process ~20 MB, and a server that only
  // serves releases never encodes an image (decision 012).
  const [{ default: sharp }, { encode, PUBLIC_PREFIX }] = await Promise.all([import("sharp"), import("#core/images/encode.ts")]);
  const catalog = artworkCatalog(content);
  mkdirSync(cacheDir, { recursive: true });
  // Images in parallel, one libvips thread each: on a small machine that beats
  // one image at a time with libvips spreading itself over the same cores.
  sharp.concurrency(1);
  const results: Encoded[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, availableParallelism()) }, async () => {
      while (next < catalog.length) {
        const art = catalog[next];
        next += 1;
        if (art) results.push(await encode(art, cacheDir, { write }));
      }
    }),
  );
  const images: Record<string, ImageData> = {};
  const files = new Map<string, string>();
  for (const result of results.sort((a, b) => a.key.localeCompare(b.key))) {
    images[result.key] = result.image;
    for (const file of result.files) files.set(`${PUBLIC_PREFIX}/${file}`, `${cacheDir}/${file}`);
  }
  return { images, files, encoded: results.filter((r) => r.encoded).length };
}
