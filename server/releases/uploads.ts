import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type SharpModule from "sharp";
import {
  encodedUploadName,
  OG_SIZE,
  ogUploadName,
  UPLOAD_NAME,
  UPLOADS_FOLDER,
  UPLOADS_PUBLIC_PREFIX,
  type UploadInfo,
  type UploadSize,
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

/** The folder of the images cache (server/releases/store.ts, cacheDir) the copies are kept in. */
export const UPLOADS_CACHE = "uploads";

type Sharp = typeof SharpModule;

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

/**
 * One published copy of an upload: an AVIF or WebP at one of its widths, or
 * its Open Graph picture (a JPEG, which every messenger reads, for when it is
 * a cover) cropped around its focal point.
 */
export type Rendition = { file: string } & ({ width: number; format: "avif" | "webp" } | { og: { x: number; y: number } });

/** Every copy of an upload a page may name, under the names pages give them (core/content/uploads.server.ts). */
export function renditionsOf(hash: string, info: UploadInfo): Rendition[] {
  const renditions: Rendition[] = [{ file: ogUploadName(hash, info.focal), og: info.focal }];
  for (const width of uploadWidths(info.width)) {
    for (const format of ["avif", "webp"] as const) renditions.push({ file: encodedUploadName(hash, width, format), width, format });
  }
  return renditions;
}

/**
 * Draws one copy of the picture `source` (of `size`) into the folder `out`,
 * unless it is there already; true when drawn now. The one way a copy is
 * made: by a release (encodeUploads) and by the studio's image pool as soon
 * as a picture is uploaded (server/studio/images/renditions.ts), so either
 * finds what the other drew. Written under a name of this writer's own, then
 * renamed: a reader never sees half a file, and two writers never mix theirs.
 */
export async function drawRendition(sharp: Sharp, source: string, size: UploadSize, rendition: Rendition, out: string): Promise<boolean> {
  const target = join(out, rendition.file);
  if (existsSync(target)) return false;
  const image = sharp(source, { limitInputPixels: 6000 * 6000 }).autoOrient();
  let body: Buffer;
  if ("og" in rendition) {
    const crop = ogCrop(size.width, size.height, rendition.og);
    body = await image
      .resize(crop.width, crop.height)
      .extract({ left: crop.left, top: crop.top, width: OG_SIZE.width, height: OG_SIZE.height })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } else {
    const resized = image.resize({ width: rendition.width, withoutEnlargement: true });
    body = await (rendition.format === "avif" ? resized.avif(AVIF) : resized.webp(WEBP)).toBuffer();
  }
  const partial = `${target}.${process.pid}-${randomBytes(4).toString("hex")}.partial`;
  await writeFile(partial, body);
  await rename(partial, target);
  return true;
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
      if (await drawRendition(sharp, join(folder, name), sidecar, rendition, out)) encoded += 1;
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
