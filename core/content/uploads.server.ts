import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

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

let root: string | null = null;
const sizes = new Map<string, UploadSize | null>();

/** The content folder whose uploads Markdown is rendered against (set by loadContent). */
export function setUploadsRoot(contentDir: string): void {
  if (root !== contentDir) sizes.clear();
  root = contentDir;
}

/** An upload's size from its sidecar, or null when there is no such upload. */
export function uploadSize(hash: string): UploadSize | null {
  if (!root) return null;
  if (!sizes.has(hash)) {
    const sidecar = join(root, UPLOADS_FOLDER, `${hash}.json`);
    let size: UploadSize | null = null;
    if (existsSync(sidecar)) {
      const data = JSON.parse(readFileSync(sidecar, "utf8")) as Partial<UploadSize>;
      if (typeof data.width === "number" && typeof data.height === "number") size = { width: data.width, height: data.height };
    }
    sizes.set(hash, size);
  }
  return sizes.get(hash) ?? null;
}
