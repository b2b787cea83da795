import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { UPLOAD_NAME, UPLOADS_FOLDER } from "#core/content/uploads.server.ts";
import { TRASH_KEEP_MS } from "#core/studio/trash-api.ts";
import type { TrashedPicture } from "#core/studio/media-api.ts";
import { clock } from "../../clock.ts";
import type { AuditLog } from "../audit.ts";
import { thumbPath } from "../images/thumbs.ts";

/**
 * «Корзина» of «Медиа» (decision 038): an image deleted while nothing needed
 * it is kept TRASH_DAYS days in the releases folder, which every server
 * shares — its bytes as they were (`<file>`) and a record beside them
 * (`<file>.json`: its sidecar's text, who deleted it and when). Restoring
 * copies both back into the content folder; purging (an admin, or time)
 * removes the bytes themselves.
 */
const FOLDER = "media-trash";
const DAY_MS = 24 * 60 * 60 * 1000;

type Record = { sidecar: string; deletedBy: { login: string; name: string }; deletedAt: number };

const folderOf = (releasesDir: string) => join(releasesDir, FOLDER);
const sidecarName = (file: string) => file.replace(/\.[a-z]+$/, ".json");

/** Writes `body` to `target` whole or not at all (a partial file of its own, then renamed). */
async function writeWhole(target: string, body: string | Buffer): Promise<void> {
  const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
  await writeFile(partial, body);
  await rename(partial, target);
}

async function readRecord(releasesDir: string, file: string): Promise<Record | null> {
  if (!UPLOAD_NAME.test(file)) return null;
  try {
    const record = JSON.parse(await readFile(join(folderOf(releasesDir), `${file}.json`), "utf8")) as Record;
    return typeof record.deletedAt === "number" && typeof record.sidecar === "string" ? record : null;
  } catch {
    return null;
  }
}

/**
 * Copies an image of the content folder and its sidecar into the trash; the
 * caller removes them from the content folder after (so a failure here leaves
 * the image where it was, never nowhere).
 */
export async function keepPicture(contentDir: string, releasesDir: string, file: string, by: { login: string; name: string }, now: number): Promise<void> {
  const folder = folderOf(releasesDir);
  await mkdir(folder, { recursive: true });
  const sidecar = await readFile(join(contentDir, UPLOADS_FOLDER, sidecarName(file)), "utf8");
  const partial = join(folder, `${file}.${process.pid}.partial`);
  await copyFile(join(contentDir, UPLOADS_FOLDER, file), partial);
  await rename(partial, join(folder, file));
  await writeWhole(join(folder, `${file}.json`), JSON.stringify({ sidecar, deletedBy: by, deletedAt: now } satisfies Record));
}

/** The images in the trash not yet expired, newest first. */
export async function listPictures(releasesDir: string, now: number): Promise<TrashedPicture[]> {
  const folder = folderOf(releasesDir);
  if (!existsSync(folder)) return [];
  const names = (await readdir(folder)).filter((name) => UPLOAD_NAME.test(name));
  const pictures: TrashedPicture[] = [];
  for (const file of names) {
    const record = await readRecord(releasesDir, file);
    if (!record || record.deletedAt + TRASH_KEEP_MS <= now) continue;
    const side = JSON.parse(record.sidecar) as { width?: number; height?: number; alt?: string };
    pictures.push({
      file,
      width: side.width ?? 0,
      height: side.height ?? 0,
      alt: side.alt ?? "",
      deletedBy: record.deletedBy,
      deletedAt: record.deletedAt,
      daysLeft: Math.max(1, Math.ceil((record.deletedAt + TRASH_KEEP_MS - now) / DAY_MS)),
    });
  }
  return pictures.sort((a, b) => b.deletedAt - a.deletedAt || a.file.localeCompare(b.file));
}

/** The bytes of an image in the trash (its preview on «Корзина»), or null. */
export async function trashedBytes(releasesDir: string, file: string): Promise<Buffer | null> {
  if (!(await readRecord(releasesDir, file))) return null;
  try {
    return await readFile(join(folderOf(releasesDir), file));
  } catch {
    return null;
  }
}

/**
 * Puts an image back into the content folder with its description (a sidecar
 * there already, of the same picture uploaded again since, stays), then takes
 * it out of the trash. Null when the trash has no such image.
 */
export async function restorePicture(contentDir: string, releasesDir: string, file: string): Promise<{ alt: string } | null> {
  const record = await readRecord(releasesDir, file);
  if (!record) return null;
  const uploads = join(contentDir, UPLOADS_FOLDER);
  await mkdir(uploads, { recursive: true });
  if (!existsSync(join(uploads, file))) {
    const partial = join(uploads, `${file}.${process.pid}.partial`);
    await copyFile(join(folderOf(releasesDir), file), partial);
    await rename(partial, join(uploads, file));
  }
  if (!existsSync(join(uploads, sidecarName(file)))) await writeWhole(join(uploads, sidecarName(file)), record.sidecar);
  await dropTrashCopy(releasesDir, file);
  return { alt: (JSON.parse(record.sidecar) as { alt?: string }).alt ?? "" };
}

/** The trash's copy of an image (its bytes, then its record); false when it was not there. */
async function dropTrashCopy(releasesDir: string, file: string): Promise<boolean> {
  if (!UPLOAD_NAME.test(file)) return false;
  const folder = folderOf(releasesDir);
  const had = existsSync(join(folder, `${file}.json`));
  await rm(join(folder, file), { force: true });
  await rm(join(folder, `${file}.json`), { force: true });
  return had;
}

/**
 * Removes an image from the trash for good: its bytes, its record and the small copy «Медиа» drew
 * of it, unless the picture is back in the content meanwhile; false when it was not there.
 */
export async function purgePicture(releasesDir: string, file: string, contentDir?: string): Promise<boolean> {
  const had = await dropTrashCopy(releasesDir, file);
  if (UPLOAD_NAME.test(file) && !(contentDir && existsSync(join(contentDir, UPLOADS_FOLDER, file)))) await rm(thumbPath(releasesDir, file), { force: true });
  return had;
}

/** Removes what has been in the trash longer than TRASH_DAYS: the files it removed. */
export async function purgeExpiredPictures(releasesDir: string, now: number): Promise<string[]> {
  const folder = folderOf(releasesDir);
  if (!existsSync(folder)) return [];
  const gone: string[] = [];
  for (const file of (await readdir(folder)).filter((name) => UPLOAD_NAME.test(name))) {
    const record = await readRecord(releasesDir, file);
    if (record && record.deletedAt + TRASH_KEEP_MS > now) continue;
    await purgePicture(releasesDir, file);
    gone.push(file);
  }
  return gone;
}

/** The studio's periodic pruning: expired images removed, each recorded in the journal. */
export async function purgePictures(releasesDir: string, audit: AuditLog, now = clock.now()): Promise<number> {
  const gone = await purgeExpiredPictures(releasesDir, now);
  for (const file of gone) await audit.write({ action: "media.trash-purge", actor: null, target: `uploads/${file}`, details: { expired: true }, ip: null, at: now });
  return gone.length;
}
