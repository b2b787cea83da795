import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ImageData } from "../images/types.ts";
import { activeScope } from "./source.server.ts";

/**
 * Images uploaded in the studio: `<content>/uploads/<hash>.<ext>` with a
 * sidecar `<hash>.json` of their size. Only the encoded copies are public
 * (AVIF and WebP at a few widths, made by a release like the site's own
 * artwork: server/releases/uploads.ts); the uploaded file itself never is.
 * Markdown names an upload by `/uploads/<hash>.<ext>`; the renderer turns it
 * into a <picture> of the encoded copies with its width and height.
 */
export const UPLOADS_FOLDER = "uploads";
export const UPLOAD_NAME = /^([a-f\d]{24})\.(jpg|png|webp|avif)$/;
export const UPLOAD_HREF = /^\/uploads\/([a-f\d]{24})\.(jpg|png|webp|avif)$/;
export const UPLOADS_PUBLIC_PREFIX = "/assets/images/uploads";

export type UploadSize = { width: number; height: number };

/** Widths an upload is encoded at: up to 1600 px, never wider than it is. */
export function uploadWidths(width: number): number[] {
  const widths = [480, 960, 1600].filter((w) => w < width);
  widths.push(Math.min(width, 1600));
  return [...new Set(widths)].sort((a, b) => a - b);
}

export const encodedUploadName = (hash: string, width: number, format: "avif" | "webp") => `${hash}-${width}.${format}`;

/**
 * What «Медиа» adds to an upload's size: its alt text and the point a crop
 * keeps; `format`, the extension of the one picture the sidecar belongs to
 * (`<hash>.<format>`; null in a sidecar written before it was recorded).
 */
export type UploadInfo = UploadSize & { alt: string; focal: { x: number; y: number }; format: string | null };

/**
 * Whether `info` describes the upload named `<hash>.<ext>`: content names an
 * upload exactly, so `/uploads/<hash>.png` is not the picture `<hash>.jpg`.
 */
export const describesUpload = (info: UploadInfo, ext: string) => info.format === null || info.format === ext;

let root: string | null = null;
const sizes = new Map<string, UploadInfo | null>();

/**
 * The content folder whose uploads Markdown is rendered against (set by
 * loadContent and by each of the studio worker's texts). What was read
 * before is forgotten: a sidecar written or removed since (an upload, a
 * deletion in «Медиа») is read as it is now.
 */
export function setUploadsRoot(contentDir: string): void {
  sizes.clear();
  root = contentDir;
}

/** An upload's size, alt text and focal point from its sidecar's text, or null when it holds no size. */
export function parseSidecar(text: string): UploadInfo | null {
  const data = JSON.parse(text) as Partial<UploadInfo>;
  if (typeof data.width !== "number" || typeof data.height !== "number") return null;
  const focal = data.focal && typeof data.focal.x === "number" && typeof data.focal.y === "number" ? data.focal : { x: 0.5, y: 0.5 };
  const format = typeof data.format === "string" ? data.format : null;
  return { width: data.width, height: data.height, alt: typeof data.alt === "string" ? data.alt : "", focal, format };
}

/** An upload's size, alt text and focal point from its sidecar, or null when there is no such upload. */
export function uploadSize(hash: string): UploadInfo | null {
  if (!root) return null;
  if (!sizes.has(hash)) {
    const sidecar = join(root, UPLOADS_FOLDER, `${hash}.json`);
    sizes.set(hash, existsSync(sidecar) ? parseSidecar(readFileSync(sidecar, "utf8")) : null);
  }
  return sizes.get(hash) ?? null;
}

/**
 * Every upload's description in `contentDir`, by hash: what a release records
 * with its content (ContentSource.uploads), so a page shows a cover as that
 * release knew it and is rendered again when its description changes.
 */
export function readUploads(contentDir: string): Record<string, UploadInfo> {
  const folder = join(contentDir, UPLOADS_FOLDER);
  const uploads: Record<string, UploadInfo> = {};
  if (!existsSync(folder)) return uploads;
  for (const name of readdirSync(folder).sort()) {
    const match = UPLOAD_NAME.exec(name);
    const sidecar = join(folder, `${match?.[1]}.json`);
    if (!match || !existsSync(sidecar)) continue;
    try {
      const info = parseSidecar(readFileSync(sidecar, "utf8"));
      // A sidecar describes its own picture only, not another file of the same hash.
      if (info && describesUpload(info, match[2] as string)) uploads[match[1] as string] = info;
    } catch {
      // A damaged sidecar: that image is no cover (pages keep their artwork), the others still are.
    }
  }
  return uploads;
}

/** The key under which a page's reads record an upload's description (beside the generated images' keys). */
export const uploadReadKey = (hash: string) => `upload/${hash}`;

/**
 * A cover's description: the rendering release's record of it (the read is
 * recorded), or the content folder's where the source has none (the dev server).
 */
function coverInfo(hash: string): UploadInfo | null {
  const scope = activeScope();
  if (!scope?.source.uploads) return uploadSize(hash);
  scope.reads?.images.add(uploadReadKey(hash));
  return scope.source.uploads[hash] ?? null;
}

/** The Open Graph picture of a cover: 1200×630, cropped around its focal point (named by it, so a new point makes a new file). */
export const OG_SIZE = { width: 1200, height: 630 } as const;
export const ogUploadName = (hash: string, focal: { x: number; y: number }) => `${hash}-og-${Math.round(focal.x * 100)}-${Math.round(focal.y * 100)}.jpg`;

/**
 * A cover (`/uploads/<hash>.<ext>`) as a page draws it: its encoded copies,
 * its alt text from «Медиа» and its Open Graph picture; null when there is no such upload.
 */
export function coverImage(href: string | undefined): { image: ImageData; alt: string; og: string } | null {
  const match = href ? UPLOAD_HREF.exec(href) : null;
  const hash = match?.[1];
  const info = hash ? coverInfo(hash) : null;
  if (!hash || !info || !describesUpload(info, match?.[2] as string)) return null;
  const widths = uploadWidths(info.width);
  const largest = widths[widths.length - 1] as number;
  const srcSet = (format: "avif" | "webp") => widths.map((w) => `${UPLOADS_PUBLIC_PREFIX}/${encodedUploadName(hash, w, format)} ${w}w`).join(", ");
  const middle = widths[Math.floor(widths.length / 2)] ?? largest;
  return {
    image: {
      src: `${UPLOADS_PUBLIC_PREFIX}/${encodedUploadName(hash, middle, "webp")}`,
      width: largest,
      height: Math.round((info.height * largest) / info.width),
      sources: [
        { type: "image/avif", srcSet: srcSet("avif") },
        { type: "image/webp", srcSet: srcSet("webp") },
      ],
    },
    alt: info.alt,
    og: `${UPLOADS_PUBLIC_PREFIX}/${ogUploadName(hash, info.focal)}`,
  };
}
