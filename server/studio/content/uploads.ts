import { createHash } from "node:crypto";
import type SharpModule from "sharp";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { UPLOAD_NAME, UPLOADS_FOLDER } from "#core/content/uploads.server.ts";
import { writeContentFile } from "./files.ts";
import { mediaAbout } from "./media.ts";

/**
 * Images uploaded into the content. An upload is judged by its bytes, never
 * by its name or declared type: its signature must be one of JPEG, PNG, WebP,
 * AVIF (SVG, HTML or script under an image's name are refused), sharp must
 * decode it whole (a truncated file is refused), and it must measure at most
 * MAX_SIDE on each side (checked from the header before any pixel is decoded,
 * so a small file claiming a huge picture costs nothing). Kept without its
 * metadata (no GPS, no camera: withoutMetadata), by the hash of those bytes,
 * with a sidecar of its size; never served as it is to the public.
 */
export const MAX_SIDE = 6000;

export const UPLOAD_MESSAGES = {
  type: "Загрузите изображение JPEG, PNG, WebP или AVIF",
  svg: "SVG не\u00a0принимаем: в\u00a0нём может быть скрипт. Сохраните изображение как PNG или WebP.",
  broken: "Файл повреждён или обрезан: изображение не\u00a0читается",
  side: `Изображение слишком большое: не\u00a0больше ${MAX_SIDE}\u00a0×\u00a0${MAX_SIDE} точек`,
  empty: "Файл пустой",
} as const;

export class UploadRefused extends Error {}

type Format = "jpg" | "png" | "webp" | "avif";
type Sharp = typeof SharpModule;

/** The format a file's first bytes announce, or null. */
export function sniff(bytes: Buffer): Format | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 12 && bytes.toString("latin1", 4, 8) === "ftyp") {
    const box = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
    const brands = bytes.toString("latin1", 8, box);
    if (/avif|avis/.test(brands)) return "avif";
  }
  return null;
}

const SHARP_FORMAT: Record<Format, string> = { jpg: "jpeg", png: "png", webp: "webp", avif: "heif" };

/**
 * How an upload was kept: "new", the picture was not there; "restored", it
 * was, without a readable sidecar of its own, which is written again (as for
 * a new one); "kept", it was there with its sidecar, which is left as it is
 * (its description stays).
 */
export type StoredAs = "new" | "restored" | "kept";

export type StoredUpload = { file: string; width: number; height: number; stored: StoredAs };

/**
 * What a new upload's sidecar holds besides its size: when it came (the
 * library lists newest first) and, for a file that replaces another, the
 * other's description (server/studio/content/media.ts reads them).
 */
export type UploadAbout = { uploadedAt: number; alt?: string; caption?: string; focal?: { x: number; y: number } };

/** Checks an upload and keeps it under `<content>/uploads/`; throws UploadRefused with a Russian message. */
export async function storeUpload(contentDir: string, bytes: Buffer, about: UploadAbout): Promise<StoredUpload> {
  if (bytes.length === 0) throw new UploadRefused(UPLOAD_MESSAGES.empty);
  const format = sniff(bytes);
  if (!format) {
    const head = bytes.subarray(0, 512).toString("utf8").toLowerCase();
    throw new UploadRefused(/<svg|<\?xml/.test(head) ? UPLOAD_MESSAGES.svg : UPLOAD_MESSAGES.type);
  }
  // Loaded on the first upload, not with the server: sharp costs a process ~20 MB (decision 012).
  const { default: sharp } = await import("sharp");
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_SIDE * MAX_SIDE, failOn: "truncated" }).metadata();
    if (meta.format !== SHARP_FORMAT[format]) throw new UploadRefused(UPLOAD_MESSAGES.type);
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch (error) {
    if (error instanceof UploadRefused) throw error;
    throw new UploadRefused(/pixel limit/i.test((error as Error).message) ? UPLOAD_MESSAGES.side : UPLOAD_MESSAGES.broken);
  }
  if (width < 1 || height < 1) throw new UploadRefused(UPLOAD_MESSAGES.broken);
  if (width > MAX_SIDE || height > MAX_SIDE) throw new UploadRefused(UPLOAD_MESSAGES.side);
  try {
    // Decoding it whole (small) finds a file cut short after a valid header.
    await sharp(bytes, { limitInputPixels: MAX_SIDE * MAX_SIDE, failOn: "truncated" }).resize(32, 32, { fit: "inside" }).raw().toBuffer();
  } catch {
    throw new UploadRefused(UPLOAD_MESSAGES.broken);
  }
  const clean = await withoutMetadata(sharp, bytes, format);
  const hash = createHash("sha256").update(clean).digest("hex").slice(0, 24);
  const file = `${hash}.${format}`;
  // Kept: the picture is there with its own sidecar (mediaAbout reads only such); restored: it is there without one.
  const stored: StoredAs = !existsSync(join(contentDir, UPLOADS_FOLDER, file)) ? "new" : mediaAbout(contentDir, file) ? "kept" : "restored";
  // The sidecar first: a picture is never there without one, even for a moment.
  if (stored !== "kept") writeContentFile(contentDir, `${UPLOADS_FOLDER}/${hash}.json`, `${JSON.stringify({ width, height, format, ...about })}\n`);
  if (stored === "new") writeContentFile(contentDir, `${UPLOADS_FOLDER}/${file}`, clean);
  return { file, width, height, stored };
}

/**
 * The picture without what a camera or a phone writes beside it (EXIF with GPS
 * coordinates, the camera's serial, XMP, comments): only the pixels are
 * kept, turned upright first since the orientation tag goes too. Encoded in
 * its own format at a quality no eye tells from the upload; PNG stays lossless.
 * The original as uploaded is never written anywhere.
 */
async function withoutMetadata(sharp: Sharp, bytes: Buffer, format: Format): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_SIDE * MAX_SIDE }).rotate();
  if (format === "jpg") return image.jpeg({ quality: 92, mozjpeg: true }).toBuffer();
  if (format === "png") return image.png({ compressionLevel: 9 }).toBuffer();
  if (format === "webp") return image.webp({ quality: 92 }).toBuffer();
  return image.avif({ quality: 80 }).toBuffer();
}

/** An upload's bytes and type for the studio's preview, or null (the name must be one of ours). */
export function readUpload(contentDir: string, name: string): { bytes: Buffer; type: string } | null {
  const match = UPLOAD_NAME.exec(name);
  if (!match) return null;
  const file = join(contentDir, UPLOADS_FOLDER, name);
  if (!existsSync(file)) return null;
  const bytes = readFileSync(file);
  const format = sniff(bytes);
  if (format !== match[2]) return null;
  const type = { jpg: "image/jpeg", png: "image/png", webp: "image/webp", avif: "image/avif" }[format];
  return { bytes, type };
}
