import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { UPLOAD_NAME, UPLOADS_FOLDER } from "#core/content/uploads.server.ts";
import { type CleanRefusal, type Format, MAX_SIDE } from "../images/clean.ts";
import type { ImagePool, PoolRefusal } from "../images/pool.ts";
import { writeContentFile } from "./files.ts";
import { mediaAbout, nameIfNone } from "./media.ts";

/**
 * Images uploaded into the content. An upload is judged by its bytes, never
 * by its name or declared type: its signature must be one of JPEG, PNG, WebP,
 * AVIF (SVG, HTML or script under an image's name are refused), sharp must
 * decode it whole (a truncated file is refused), and it must measure at most
 * MAX_SIDE on each side and cost at most what the image pool allows (both
 * judged from the header before any pixel is decoded, so a small file
 * claiming a huge picture costs nothing). Kept without its metadata (no GPS,
 * no camera: images/clean.ts), by the hash of those bytes, with a sidecar of
 * its size; never served as it is to the public. The decoding and encoding
 * run in the image pool's child (images/pool.ts, decision 035), never in the server.
 */

export const UPLOAD_MESSAGES = {
  type: "Загрузите изображение JPEG, PNG, WebP или AVIF",
  svg: "SVG не\u00a0принимаем: в\u00a0нём может быть скрипт. Сохраните изображение как PNG или WebP.",
  broken: "Файл повреждён или обрезан: изображение не\u00a0читается",
  side: `Изображение слишком большое: не\u00a0больше ${MAX_SIDE}\u00a0×\u00a0${MAX_SIDE} точек`,
  empty: "Файл пустой",
  costly: "Изображение слишком тяжёлое для обработки: уменьшите его и\u00a0загрузите снова",
  slow: "Изображение обрабатывалось слишком долго и\u00a0не\u00a0сохранено: уменьшите его и\u00a0загрузите снова",
  busy: "Студия сейчас обрабатывает другие изображения: загрузите это через минуту",
  failed: "Изображение не\u00a0удалось обработать: попробуйте ещё раз или сохраните его в\u00a0другом формате",
} as const;

/** A refused upload: the Russian reason, and the HTTP status it is answered with. */
export class UploadRefused extends Error {
  readonly status: number;
  constructor(message: string, status = 422) {
    super(message);
    this.status = status;
  }
}

/** Seconds an upload refused because the pool was busy is asked to wait. */
export const BUSY_RETRY_SECONDS = 30;

/** The words and status of each refusal from the image pool. */
const REFUSALS: Record<CleanRefusal | PoolRefusal, [message: string, status: number]> = {
  type: [UPLOAD_MESSAGES.type, 422],
  broken: [UPLOAD_MESSAGES.broken, 422],
  side: [UPLOAD_MESSAGES.side, 422],
  cost: [UPLOAD_MESSAGES.costly, 422],
  // A child past its memory limit was given a picture heavier than its header promised.
  memory: [UPLOAD_MESSAGES.costly, 422],
  slow: [UPLOAD_MESSAGES.slow, 422],
  // Nothing wrong with the picture: the same upload a minute later is taken.
  busy: [UPLOAD_MESSAGES.busy, 503],
  crash: [UPLOAD_MESSAGES.failed, 422],
};

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
/** `checkAlt`: the description came from the file this one replaced, and nobody has looked at it since («Медиа» asks to). */
/** `name`: the file's name on the uploader's computer (originalName), found by «Медиа»'s search. */
export type UploadAbout = { uploadedAt: number; alt?: string; caption?: string; focal?: { x: number; y: number }; checkAlt?: boolean; name?: string };

/** Who asks and where the work is done: the queue of `pool` is fair between owners. */
export type UploadWork = { pool: ImagePool; owner: string };

/** Checks an upload and keeps it under `<content>/uploads/`; throws UploadRefused with a Russian message. */
export async function storeUpload(contentDir: string, bytes: Buffer, about: UploadAbout, work: UploadWork): Promise<StoredUpload> {
  if (bytes.length === 0) throw new UploadRefused(UPLOAD_MESSAGES.empty);
  const format = sniff(bytes);
  if (!format) {
    const head = bytes.subarray(0, 512).toString("utf8").toLowerCase();
    throw new UploadRefused(/<svg|<\?xml/.test(head) ? UPLOAD_MESSAGES.svg : UPLOAD_MESSAGES.type);
  }
  const answer = await work.pool.run(work.owner, { kind: "clean", bytes, format });
  if ("refused" in answer) throw new UploadRefused(...REFUSALS[answer.refused]);
  const { width, height } = answer;
  const clean = Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength);
  const hash = createHash("sha256").update(clean).digest("hex").slice(0, 24);
  const file = `${hash}.${format}`;
  // Kept: the picture is there with its own sidecar (mediaAbout reads only such); restored: it is there without one.
  const stored: StoredAs = !existsSync(join(contentDir, UPLOADS_FOLDER, file)) ? "new" : mediaAbout(contentDir, file) ? "kept" : "restored";
  // The sidecar first: a picture is never there without one, even for a moment.
  if (stored !== "kept") writeContentFile(contentDir, `${UPLOADS_FOLDER}/${hash}.json`, `${JSON.stringify({ width, height, format, ...about })}\n`);
  if (stored === "new") writeContentFile(contentDir, `${UPLOADS_FOLDER}/${file}`, clean);
  // The same picture again, kept from before names were: it takes the name it came with now.
  if (stored === "kept" && about.name) nameIfNone(contentDir, file, about.name);
  return { file, width, height, stored };
}

/** An upload's bytes and type for the studio's preview, or null (the name must be one of ours). */
export function readUpload(contentDir: string, name: string): { bytes: Buffer; type: string } | null {
  const match = UPLOAD_NAME.exec(name);
  if (!match) return null;
  const file = join(contentDir, UPLOADS_FOLDER, name);
  if (!existsSync(file)) return null;
  return checkedPicture(name, readFileSync(file));
}

/** Bytes named `<hash>.<ext>` as an image of that very type, or null when they are not one. */
export function checkedPicture(name: string, bytes: Buffer): { bytes: Buffer; type: string } | null {
  const match = UPLOAD_NAME.exec(name);
  const format = sniff(bytes);
  if (!match || format !== match[2]) return null;
  const type = { jpg: "image/jpeg", png: "image/png", webp: "image/webp", avif: "image/avif" }[format];
  return { bytes, type };
}
