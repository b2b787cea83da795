import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  encodedUploadName,
  OG_SIZE,
  ogUploadName,
  readUploads,
  UPLOAD_NAME,
  UPLOADS_FOLDER,
  UPLOADS_PUBLIC_PREFIX,
  type UploadInfo,
  uploadWidths,
} from "#core/content/uploads.server.ts";

/**
 * Images uploaded in the studio, encoded like the site's own artwork
 * (core/images/encode.ts): AVIF and WebP at a few widths, into the cache
 * every release shares, named by the upload's hash, so each is encoded once.
 * Only these copies are published; the uploaded file never is.
 */
const AVIF = { quality: 60, effort: 2 } as const;
const WEBP = { quality: 80, effort: 4 } as const;

/** The published copies (URL path → file in the cache), how many were encoded now, and every upload's description. */
export type EncodedUploads = { files: Map<string, string>; encoded: number; described: Record<string, UploadInfo> };

export async function encodeUploads(contentDir: string, cacheDir: string): Promise<EncodedUploads> {
  const files = new Map<string, string>();
  let encoded = 0;
  const described = readUploads(contentDir);
  const folder = join(contentDir, UPLOADS_FOLDER);
  if (!existsSync(folder)) return { files, encoded, described };
  // Loaded here, not with the module: see artwork.ts.
  const { default: sharp } = await import("sharp");
  const out = join(cacheDir, "uploads");
  mkdirSync(out, { recursive: true });
  for (const name of readdirSync(folder).sort()) {
    const match = UPLOAD_NAME.exec(name);
    if (!match) continue;
    const sidecar = described[match[1] as string];
    if (!sidecar) continue;
    const hash = match[1] as string;
    // Its Open Graph picture, for when it is a cover: JPEG, which every messenger reads.
    const focal = sidecar.focal;
    const og = ogUploadName(hash, focal);
    const ogTarget = join(out, og);
    if (!existsSync(ogTarget)) {
      const crop = ogCrop(sidecar.width, sidecar.height, focal);
      const body = await sharp(join(folder, name), { limitInputPixels: 6000 * 6000 })
        .autoOrient()
        .resize(crop.width, crop.height)
        .extract({ left: crop.left, top: crop.top, width: OG_SIZE.width, height: OG_SIZE.height })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
      const partial = `${ogTarget}.${process.pid}.partial`;
      writeFileSync(partial, body);
      renameSync(partial, ogTarget);
      encoded += 1;
    }
    files.set(`${UPLOADS_PUBLIC_PREFIX}/${og}`, ogTarget);
    for (const width of uploadWidths(sidecar.width)) {
      for (const format of ["avif", "webp"] as const) {
        const file = encodedUploadName(hash, width, format);
        const target = join(out, file);
        if (!existsSync(target)) {
          const image = sharp(join(folder, name), { limitInputPixels: 6000 * 6000 }).autoOrient().resize({ width, withoutEnlargement: true });
          const body = await (format === "avif" ? image.avif(AVIF) : image.webp(WEBP)).toBuffer();
          const partial = `${target}.${process.pid}.partial`;
          writeFileSync(partial, body);
          renameSync(partial, target);
          encoded += 1;
        }
        files.set(`${UPLOADS_PUBLIC_PREFIX}/${file}`, target);
      }
    }
  }
  return { files, encoded, described };
}

/** The picture scaled to cover 1200×630, and the window of that size whose centre is nearest the focal point. */
export function ogCrop(width: number, height: number, focal: { x: number; y: number }): { width: number; height: number; left: number; top: number } {
  const scale = Math.max(OG_SIZE.width / width, OG_SIZE.height / height);
  const scaled = { width: Math.max(OG_SIZE.width, Math.round(width * scale)), height: Math.max(OG_SIZE.height, Math.round(height * scale)) };
  const clamp = (value: number, max: number) => Math.min(Math.max(0, Math.round(value)), max);
  return {
    ...scaled,
    left: clamp(focal.x * scaled.width - OG_SIZE.width / 2, scaled.width - OG_SIZE.width),
    top: clamp(focal.y * scaled.height - OG_SIZE.height / 2, scaled.height - OG_SIZE.height),
  };
}
