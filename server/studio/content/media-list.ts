import { existsSync, readdirSync, type Stats, statSync } from "node:fs";
import { join } from "node:path";
import { UPLOAD_NAME, UPLOADS_FOLDER } from "#core/content/uploads.server.ts";
import { MEDIA_PAGE_SIZE, type MediaItem, type MediaList, type MediaQuery, type MediaUse } from "#core/studio/media-api.ts";
import { identityOf, settled } from "./file-facts.ts";
import { mediaUses, readSidecar, type Sidecar, sidecarPath } from "./media.ts";

/**
 * «Медиа» a page at a time (GET /media). Each picture's sidecar is read once
 * and kept while `stat` sees it unchanged (as file-facts.ts keeps texts), and
 * the picture's own size with it (a picture's bytes never change under its
 * name): a page of 5,000 pictures costs a folder listing and a `stat` per
 * sidecar, not 10,000 reads, and nothing of that while the folder itself is
 * unchanged (allMedia). Where each picture is used costs a pass over
 * every content file (mediaUses): asked only for the page shown, or for all
 * when the filter is «не используется».
 */
type Known = { identity: string; side: Sidecar | null; bytes: number; mtimeMs: number };
const known = new Map<string, Known>();
/** Twice the largest library measured: past it, what is kept is forgotten and read again. */
const KNOWN_MAX = 20_000;

type Found = Omit<MediaItem, "uses">;

function pictureOf(contentDir: string, file: string, now: number): Found | null {
  const path = join(contentDir, sidecarPath(file));
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    return null;
  }
  const identity = identityOf(stats);
  let entry = known.get(path);
  if (!entry || entry.identity !== identity || !settled(stats, now)) {
    const side = readSidecar(contentDir, file);
    let picture: Stats | null = null;
    try {
      picture = side ? statSync(join(contentDir, UPLOADS_FOLDER, file)) : null;
    } catch {
      picture = null;
    }
    if (known.size >= KNOWN_MAX) known.clear();
    entry = { identity, side: picture ? side : null, bytes: picture?.size ?? 0, mtimeMs: picture?.mtimeMs ?? 0 };
    known.set(path, entry);
  }
  const side = entry.side;
  if (!side) return null;
  return {
    file,
    name: typeof side.name === "string" ? side.name : "",
    width: side.width,
    height: side.height,
    bytes: entry.bytes,
    alt: side.alt ?? "",
    caption: side.caption ?? "",
    focal: side.focal ?? { x: 0.5, y: 0.5 },
    uploadedAt: side.uploadedAt ?? Math.round(entry.mtimeMs),
    checkAlt: side.checkAlt === true,
  };
}

/**
 * The whole list while the uploads folder stays the same as `stat` sees it: every change «Медиа»
 * makes (a sidecar written under another name, then renamed; a picture added or removed), and
 * git's checkouts, change the folder's own times, so a settled folder is not listed again.
 */
let listed: { dir: string; identity: string; all: Found[] } | null = null;

/** Every picture of «Медиа», newest first (without where each is used). */
export function allMedia(contentDir: string): Found[] {
  const dir = join(contentDir, UPLOADS_FOLDER);
  const now = Date.now();
  let folder: Stats | null = null;
  try {
    folder = statSync(dir);
  } catch {
    return [];
  }
  const identity = identityOf(folder);
  if (listed && listed.dir === dir && listed.identity === identity && settled(folder, now)) return listed.all;
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => UPLOAD_NAME.test(name)) : [];
  const all = files
    .map((file) => pictureOf(contentDir, file, now))
    .filter((item): item is Found => item !== null)
    .sort((a, b) => (b.uploadedAt ?? 0) - (a.uploadedAt ?? 0) || a.file.localeCompare(b.file));
  listed = { dir, identity, all };
  return all;
}

/** One picture of «Медиа» (without where it is used), or null unless `file` is exactly one of its pictures. */
export function oneMedia(contentDir: string, file: string): MediaItem | null {
  if (!UPLOAD_NAME.test(file)) return null;
  const found = pictureOf(contentDir, file, Date.now());
  return found ? { ...found, uses: [] } : null;
}

const matches = (item: Found, q: string) => [item.alt, item.caption, item.name, item.file].some((text) => text.toLowerCase().includes(q));

/** A page of the library for `query`; `withUses` false (the pickers): each item's uses left empty. */
export function mediaPage(contentDir: string, query: MediaQuery, withUses = true): MediaList {
  const all = allMedia(contentDir);
  const q = query.q.trim().toLowerCase();
  let found = all.filter((item) => (!q || matches(item, q)) && (!query.type || item.file.endsWith(`.${query.type}`)) && (query.filter !== "undescribed" || !item.alt.trim()));
  let uses: Map<string, MediaUse[]> | null = null;
  if (query.filter === "unused") {
    uses = mediaUses(contentDir, found.map((item) => item.file));
    found = found.filter((item) => (uses?.get(item.file) ?? []).length === 0);
  }
  const pages = Math.max(1, Math.ceil(found.length / MEDIA_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pages);
  const shown = found.slice((page - 1) * MEDIA_PAGE_SIZE, page * MEDIA_PAGE_SIZE);
  if (withUses && !uses) uses = mediaUses(contentDir, shown.map((item) => item.file));
  const items = shown.map((item): MediaItem => ({ ...item, uses: withUses ? (uses?.get(item.file) ?? []) : [] }));
  return { items, total: found.length, library: all.length, page, pages };
}
