import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  encodedUploadName,
  OG_SIZE,
  ogUploadName,
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
 * Only these copies are published, and only of the uploads the release's
 * pages name (uploadsNamed): an upload no published page shows is not on the
 * site (its addresses answer 404) until one does. The uploaded file never is.
 */
const AVIF = { quality: 60, effort: 2 } as const;
const WEBP = { quality: 80, effort: 4 } as const;

/** The published copies (URL path → file in the cache) and how many were encoded now. */
export type EncodedUploads = { files: Map<string, string>; encoded: number };

const NAMED_COPY = new RegExp(`${UPLOADS_PUBLIC_PREFIX.replaceAll("/", "\\/")}\\/([a-f\\d]{24})-`, "g");
const PREFIX = Buffer.from(`${UPLOADS_PUBLIC_PREFIX}/`);

/** The uploads (by hash) whose copies a page's files name: its HTML, its data, its feed. */
export function uploadsNamed(files: Iterable<Buffer>): string[] {
  const hashes = new Set<string>();
  for (const body of files) {
    if (!body.includes(PREFIX)) continue;
    for (const match of body.toString("utf8").matchAll(NAMED_COPY)) hashes.add(match[1] as string);
  }
  return [...hashes].sort();
}

/** The picture an upload's copies are made from: `<hash>.<format>` as its sidecar says, or (an older sidecar) the one of that hash. */
function pictureOf(folder: string, hash: string, info: UploadInfo): string | null {
  if (info.format !== null) return existsSync(join(folder, `${hash}.${info.format}`)) ? `${hash}.${info.format}` : null;
  return readdirSync(folder).find((name) => UPLOAD_NAME.exec(name)?.[1] === hash) ?? null;
}

/** Encodes (once: the cache keeps them) the copies of the uploads `used` that `described` knows and the content folder holds. */
export async function encodeUploads(contentDir: string, cacheDir: string, used: Iterable<string>, described: Readonly<Record<string, UploadInfo>>): Promise<EncodedUploads> {
  const files = new Map<string, string>();
  let encoded = 0;
  const folder = join(contentDir, UPLOADS_FOLDER);
  const wanted = [...new Set(used)].filter((hash) => described[hash]).sort();
  if (wanted.length === 0 || !existsSync(folder)) return { files, encoded };
  // Loaded here, not with the module: see artwork.ts.
  const { default: sharp } = await import("sharp");
  const out = join(cacheDir, "uploads");
  mkdirSync(out, { recursive: true });
  for (const hash of wanted) {
    const sidecar = described[hash] as UploadInfo;
    const name = pictureOf(folder, hash, sidecar);
    if (!name) continue;
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
  return { files, encoded };
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
