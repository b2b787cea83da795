/**
 * Turns artwork into files: AVIF and WebP at each width (or the SVG itself),
 * named by a hash of the drawing and the encoder settings. A file that exists
 * is never encoded again, so a rebuild with unchanged content costs a hash.
 */
import { createHash } from "node:crypto";
import { existsSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import type { ImageData } from "./types.ts";
import type { Artwork } from "./catalog.ts";

/**
 * Flat artwork keeps crisp edges at these settings (checked by eye at 1× and
 * 2×). AVIF effort 1 encodes about twice as fast as 2 for files ~20 % larger:
 * the build runs on two cores (docs/decisions/014-generated-images.md).
 */
const AVIF = { quality: 55, effort: 1 } as const;
const WEBP = { quality: 82, effort: 4, smartSubsample: true } as const;
/** Changing the encoders changes every name, so browsers and caches never keep an old file. */
const SIGNATURE = JSON.stringify({ AVIF, WEBP, sharp: sharp.versions.sharp, vips: sharp.versions.vips });

export const PUBLIC_PREFIX = "/assets/images";

export type Encoded = { key: string; image: ImageData; files: string[]; encoded: boolean };

/** Written under a temporary name first: a process killed halfway never leaves a truncated file under a real name. */
function writeAtomically(file: string, body: Buffer | string): void {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, body);
  renameSync(partial, file);
}

function fileBase(art: Artwork): string {
  const hash = createHash("sha256").update(SIGNATURE).update(JSON.stringify(art.widths)).update(art.svg).digest("base64url").slice(0, 10);
  return `${art.key.replace(/\//g, "-")}.${hash}`;
}

/**
 * The artwork's files, encoded unless they are in `outDir` already; with
 * `write: false` only named (what a page needs to show it), nothing encoded.
 */
export async function encode(art: Artwork, outDir: string, { write = true }: { write?: boolean } = {}): Promise<Encoded> {
  const base = fileBase(art);
  if (art.widths.length === 0) {
    const file = `${base}.svg`;
    const encoded = write && !existsSync(join(outDir, file));
    if (encoded) writeAtomically(join(outDir, file), art.svg);
    return { key: art.key, image: { src: `${PUBLIC_PREFIX}/${file}`, width: art.width, height: art.height, sources: [] }, files: [file], encoded };
  }
  const name = (width: number, format: "avif" | "webp") => `${base}-${width}.${format}`;
  const files = art.widths.flatMap((w) => [name(w, "avif"), name(w, "webp")]);
  const encoded = write && files.some((file) => !existsSync(join(outDir, file)));
  if (encoded) {
    // Render the SVG once at full size; each width is a resize of those pixels.
    const { data, info } = await sharp(Buffer.from(art.svg)).raw().toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    for (const width of art.widths) {
      const resized = await pixels().resize({ width }).toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } };
      writeAtomically(join(outDir, name(width, "avif")), await sharp(resized.data, raw).avif(AVIF).toBuffer());
      writeAtomically(join(outDir, name(width, "webp")), await sharp(resized.data, raw).webp(WEBP).toBuffer());
    }
  }
  const largest = Math.max(...art.widths);
  const middle = art.widths[Math.floor(art.widths.length / 2)] ?? largest;
  const srcSet = (format: "avif" | "webp") => art.widths.map((w) => `${PUBLIC_PREFIX}/${name(w, format)} ${w}w`).join(", ");
  const image: ImageData = {
    src: `${PUBLIC_PREFIX}/${name(middle, "webp")}`,
    width: largest,
    height: Math.round((largest * art.height) / art.width),
    sources: [
      { type: "image/avif", srcSet: srcSet("avif") },
      { type: "image/webp", srcSet: srcSet("webp") },
    ],
    color: art.color,
  };
  return { key: art.key, image, files, encoded };
}
