import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import sharp from "sharp";
import { upload, type Studio } from "./client.ts";
import { count, type StudioTally } from "./editor.ts";

/** The largest picture the studio takes (MAX_SIDE of server/studio/content/uploads.ts). */
export const SIDE = 6000;

/**
 * Photograph-like JPEGs of SIDE × SIDE (smooth noise, about 4 MB each, under
 * the upload's 10 MB): the heaviest picture the image pool takes, 36 million
 * pixels decoded and encoded again (about a second of CPU each on a quiet
 * host). A 6000² AVIF is no longer a load: the pool refuses it from its
 * header as too costly, in milliseconds (images/clean.ts). Each is noise of
 * its own, so each is a file of its own in «Медиа».
 */
export function makePhotos(howMany: number): Promise<Buffer[]> {
  const seed = SIDE / 4;
  return Promise.all(
    Array.from({ length: howMany }, async () => {
      const noise = await sharp({ create: { width: seed, height: seed, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 30 } } })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return sharp(noise.data, { raw: noise.info }).resize(SIDE, SIDE, { kernel: "cubic" }).jpeg({ quality: 85 }).toBuffer();
    }),
  );
}

/** One upload after another until the phase ends (what a person dropping a folder of photos does). */
export async function uploadLoop(studio: Studio, cookie: string, bytes: Buffer, until: () => boolean, tally: StudioTally): Promise<void> {
  while (!until()) count(tally, "POST /content/uploads", await upload(studio, cookie, bytes, "image/jpeg"));
}

/**
 * Public addresses of the live release that nobody has asked for yet, so
 * the server reads them from disk rather than from its memory: pages other
 * than the visitor's, and pictures, interleaved, in a fixed order.
 */
export function unaskedFiles(releasesDir: string, asked: readonly string[]): string[] {
  const files = join(releasesDir, readFileSync(join(releasesDir, "current"), "utf8").trim(), "files");
  const pages: string[] = [];
  const pictures: string[] = [];
  for (const entry of readdirSync(files, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = `/${relative(files, join(entry.parentPath, entry.name)).split(sep).join("/")}`;
    if (entry.name === "index.html") {
      const page = path.slice(0, -"index.html".length);
      if (!asked.includes(page)) pages.push(page);
    } else if (path.startsWith("/assets/images/") && entry.name.endsWith(".avif")) pictures.push(path);
  }
  pages.sort();
  pictures.sort();
  return pages.flatMap((page, i) => (pictures[i] ? [page, pictures[i]] : [page]));
}
