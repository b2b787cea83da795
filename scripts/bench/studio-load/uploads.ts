import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import sharp from "sharp";
import { upload, type Studio } from "./client.ts";
import { count, type StudioTally } from "./editor.ts";

/** The largest picture the studio takes (MAX_SIDE of server/studio/content/uploads.ts). */
export const SIDE = 6000;

/**
 * AVIF pictures of SIDE × SIDE, one flat colour each (under 1 KB however
 * large): what the server decodes, checks and encodes again is the whole
 * picture, while sending it costs nothing. A colour of its own per picture,
 * so each is a new file in «Медиа», not one it already has.
 */
export function makeAvifs(howMany: number): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: howMany }, (_, i) =>
      sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: { r: 40 + 50 * i, g: 120, b: 200 - 30 * i } } })
        .avif({ quality: 50, effort: 0 })
        .toBuffer(),
    ),
  );
}

/** One upload after another until the phase ends (what a person dropping a folder of photos does). */
export async function uploadLoop(studio: Studio, cookie: string, bytes: Buffer, until: () => boolean, tally: StudioTally): Promise<void> {
  while (!until()) count(tally, "POST /content/uploads", await upload(studio, cookie, bytes, "image/avif"));
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
