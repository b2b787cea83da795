import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type SharpModule from "sharp";

/**
 * How an upload's published copies are drawn (the list of them and their
 * names: uploads.ts, renditionsOf), in a module of its own so that the studio's image pool
 * child (server/studio/images/worker.ts) loads this and sharp alone, not the
 * site's code. Encoded like the site's own artwork (core/images/encode.ts).
 */
const AVIF = { quality: 60, effort: 2 } as const;
const WEBP = { quality: 80, effort: 4 } as const;
const OG_JPEG = { quality: 82, mozjpeg: true } as const;

/**
 * One published copy of an upload: an AVIF or WebP at one of its widths, or
 * its Open Graph picture (a JPEG, which every messenger reads, for when it is
 * a cover): the picture scaled to `scale`, then the window `window` of it,
 * around its focal point.
 */
export type Rendition = { file: string } & (
  | { width: number; format: "avif" | "webp" }
  | { scale: { width: number; height: number }; window: { left: number; top: number; width: number; height: number } }
);

type Sharp = typeof SharpModule;

/**
 * Draws one copy of the picture `source` into the folder `out`, unless it is
 * there already; true when drawn now. The one way a copy is made: by a
 * release (encodeUploads) and by the studio's image pool once a picture is
 * uploaded (server/studio/images/renditions.ts), so either finds what the
 * other drew. Written under a name of this writer's own, then renamed: a
 * reader never sees half a file, and two writers never mix theirs.
 */
export async function drawRendition(sharp: Sharp, source: string, rendition: Rendition, out: string): Promise<boolean> {
  const target = join(out, rendition.file);
  if (existsSync(target)) return false;
  const image = sharp(source, { limitInputPixels: 6000 * 6000 }).autoOrient();
  let body: Buffer;
  if ("window" in rendition) {
    body = await image.resize(rendition.scale.width, rendition.scale.height).extract(rendition.window).jpeg(OG_JPEG).toBuffer();
  } else {
    const resized = image.resize({ width: rendition.width, withoutEnlargement: true });
    body = await (rendition.format === "avif" ? resized.avif(AVIF) : resized.webp(WEBP)).toBuffer();
  }
  const partial = `${target}.${process.pid}-${randomBytes(4).toString("hex")}.partial`;
  await writeFile(partial, body);
  await rename(partial, target);
  return true;
}
