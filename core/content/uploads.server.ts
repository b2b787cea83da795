import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ImageData } from "../images/types.ts";

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

/** What «Медиа» adds to an upload's size: its alt text and the point a crop keeps. */
export type UploadInfo = UploadSize & { alt: string; focal: { x: number; y: number } };

let root: string | null = null;
const sizes = new Map<string, UploadInfo | null>();

/** The content folder whose uploads Markdown is rendered against (set by loadContent). */
export function setUploadsRoot(contentDir: string): void {
  if (root !== contentDir) sizes.clear();
  root = contentDir;
}

/** An upload's size, alt text and focal point from its sidecar, or null when there is no such upload. */
export function uploadSize(hash: string): UploadInfo | null {
  if (!root) return null;
  if (!sizes.has(hash)) {
    const sidecar = join(root, UPLOADS_FOLDER, `${hash}.json`);
    let size: UploadInfo | null = null;
    if (existsSync(sidecar)) {
      const data = JSON.parse(readFileSync(sidecar, "utf8")) as Partial<UploadInfo>;
      if (typeof data.width === "number" && typeof data.height === "number") {
        const focal = data.focal && typeof data.focal.x === "number" && typeof data.focal.y === "number" ? data.focal : { x: 0.5, y: 0.5 };
        size = { width: data.width, height: data.height, alt: typeof data.alt === "string" ? data.alt : "", focal };
      }
    }
    sizes.set(hash, size);
  }
  return sizes.get(hash) ?? null;
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
  const info = hash ? uploadSize(hash) : null;
  if (!hash || !info) return null;
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
