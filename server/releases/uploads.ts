import { existsSync, mkdirSync, readdirSync } from "node:fs";
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
import { drawRendition, type Rendition } from "./draw-rendition.ts";

/**
 * Images uploaded in the studio, encoded like the site's own artwork
 * (core/images/encode.ts): AVIF and WebP at a few widths, into the cache
 * every release shares, named by the upload's hash, so each is encoded once:
 * mostly by the studio as soon as the picture is uploaded
 * (server/studio/images/renditions.ts), the same way (draw-rendition.ts).
 * Only these copies are published, and only of the uploads the release's
 * pages name (uploadsNamed): an upload no published page shows is not on the
 * site (its addresses answer 404) until one does. The uploaded file never is.
 */

/** The folder of the images cache (server/releases/store.ts, cacheDir) the copies are kept in. */
export const UPLOADS_CACHE = "uploads";

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

/** Every copy of an upload a page may name, under the names pages give them (core/content/uploads.server.ts): its Open Graph picture at its focal point first. */
export function renditionsOf(hash: string, info: UploadInfo): Rendition[] {
  const crop = ogCrop(info.width, info.height, info.focal);
  const renditions: Rendition[] = [
    {
      file: ogUploadName(hash, info.focal),
      scale: { width: crop.width, height: crop.height },
      window: { left: crop.left, top: crop.top, width: OG_SIZE.width, height: OG_SIZE.height },
    },
  ];
  for (const width of uploadWidths(info.width)) {
    for (const format of ["avif", "webp"] as const) renditions.push({ file: encodedUploadName(hash, width, format), width, format });
  }
  return renditions;
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
  const out = join(cacheDir, UPLOADS_CACHE);
  mkdirSync(out, { recursive: true });
  for (const hash of wanted) {
    const sidecar = described[hash] as UploadInfo;
    const name = pictureOf(folder, hash, sidecar);
    if (!name) continue;
    // Most were drawn when the picture was uploaded; the Open Graph picture again if its focal point moved since.
    for (const rendition of renditionsOf(hash, sidecar)) {
      if (await drawRendition(sharp, join(folder, name), rendition, out)) encoded += 1;
      files.set(`${UPLOADS_PUBLIC_PREFIX}/${rendition.file}`, join(out, rendition.file));
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
