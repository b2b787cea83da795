import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { COLLECTION_CATALOG, type CollectionName, DOCUMENT_CATALOG, type DocumentName, SINGLE, TABLE_CATALOG } from "#core/content/catalog.ts";
import { UPLOAD_NAME, UPLOADS_FOLDER } from "#core/content/uploads.server.ts";
import type { MediaUse } from "#core/studio/media-api.ts";
import { fileFacts } from "./file-facts.ts";
import { listSlugs, readEntry, removeContentFile, titleOf, writeContentFile } from "./files.ts";

/**
 * The library of uploaded images: each `<hash>.<ext>` under content/uploads/
 * with its sidecar `<hash>.json`, which keeps its size (the renderer reads
 * it) and what people add in «Медиа»: alt text, caption, focal point, when
 * it came. Where an image is used is found in the content's own text, so it
 * is always true: an entry that names `/uploads/<file>` uses it.
 */
export type Sidecar = {
  width: number;
  height: number;
  format: string;
  alt?: string;
  caption?: string;
  focal?: { x: number; y: number };
  uploadedAt?: number;
  checkAlt?: boolean;
  /** The file's name on the uploader's computer (originalName), when it came with one. */
  name?: string;
};

export const sidecarPath = (file: string) => `${UPLOADS_FOLDER}/${file.replace(/\.[a-z]+$/, ".json")}`;

/**
 * The sidecar of the picture `file`, or null unless `file` is exactly one of
 * «Медиа»'s: a name of ours, the picture itself on disk, and a readable
 * sidecar that is its own (one of another file of the same hash names
 * another format). `<hash>.png` is not `<hash>.jpg`, whatever they share.
 */
export function readSidecar(contentDir: string, file: string): Sidecar | null {
  const name = UPLOAD_NAME.exec(file);
  if (!name || !existsSync(join(contentDir, UPLOADS_FOLDER, file))) return null;
  try {
    const side = JSON.parse(readFileSync(join(contentDir, sidecarPath(file)), "utf8")) as Sidecar;
    if (typeof side.width !== "number" || typeof side.height !== "number") return null;
    return side.format === undefined || side.format === name[2] ? side : null;
  } catch {
    return null;
  }
}

/** Each content source an image can be named in: its files and who it is, as a use. */
function* sources(contentDir: string): Generator<{ paths: string[]; use: () => MediaUse }> {
  for (const type of Object.keys(COLLECTION_CATALOG) as CollectionName[]) {
    for (const slug of listSlugs(contentDir, type)) {
      yield { paths: [`${COLLECTION_CATALOG[type].folder}/${slug}.md`], use: () => ({ type, slug, title: titleOf(readEntry(contentDir, type, slug)?.values ?? {}, slug) }) };
    }
  }
  for (const type of Object.keys(DOCUMENT_CATALOG) as DocumentName[]) yield { paths: [DOCUMENT_CATALOG[type].file], use: () => ({ type, slug: SINGLE, title: DOCUMENT_CATALOG[type].title }) };
  for (const [type, info] of Object.entries(TABLE_CATALOG)) yield { paths: [...info.files], use: () => ({ type, slug: SINGLE, title: info.title }) };
}

function readText(contentDir: string, path: string): string {
  try {
    return readFileSync(join(contentDir, path), "utf8");
  } catch {
    return "";
  }
}

/**
 * Every entry whose files under `contentDir` name one of `files`: file → its
 * uses. The published folder (server/releases/published.ts) is read the same
 * way: what the site as published names.
 */
export function mediaUses(contentDir: string, files: readonly string[]): Map<string, MediaUse[]> {
  const uses = new Map<string, MediaUse[]>(files.map((file) => [file, []]));
  if (files.length === 0) return uses;
  // The uploads each file names are kept while the file stays the same (file-facts.ts).
  for (const source of sources(contentDir)) {
    let made: MediaUse | null = null;
    const named = new Set(source.paths.flatMap((path) => fileFacts(join(contentDir, path))?.uploads ?? []));
    for (const file of named) {
      const list = uses.get(file);
      if (!list) continue;
      made ??= source.use();
      list.push(made);
    }
  }
  return uses;
}

/** The content files that name `/uploads/<file>` (path → its text): what replacing the image rewrites. */
export function filesNaming(contentDir: string, file: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const source of sources(contentDir)) {
    for (const path of source.paths) {
      const text = readText(contentDir, path);
      if (text.includes(`/uploads/${file}`)) found.set(path, text);
    }
  }
  return found;
}

/** What people say about an image: its alt text, caption and focal point. */
export type MediaAbout = { alt: string; caption: string; focal: { x: number; y: number } };

/** Writes what people say about an image into its sidecar (its size stays as measured); false when `file` is not one of «Медиа»'s. */
export function describeMedia(contentDir: string, file: string, about: MediaAbout | Pick<MediaAbout, "alt">): boolean {
  const side = readSidecar(contentDir, file);
  if (!side) return false;
  // Described by a person now: whatever it took from a replaced file has been looked at.
  const { checkAlt: _looked, ...rest } = side;
  writeContentFile(contentDir, sidecarPath(file), `${JSON.stringify({ ...rest, ...about })}\n`);
  return true;
}

/**
 * The alt text typed for a picture in a text, taken as its description when
 * «Медиа» has none for it (a cover can then be chosen from it); true when taken.
 */
export function offerDescription(contentDir: string, file: string, alt: string): boolean {
  const side = readSidecar(contentDir, file);
  if (!side || side.alt?.trim() || !alt.trim()) return false;
  writeContentFile(contentDir, sidecarPath(file), `${JSON.stringify({ ...side, alt })}\n`);
  return true;
}

/** Gives a picture kept without its original file name the one it came with now. */
export function nameIfNone(contentDir: string, file: string, name: string): void {
  const side = readSidecar(contentDir, file);
  if (side && !side.name) writeContentFile(contentDir, sidecarPath(file), `${JSON.stringify({ ...side, name })}\n`);
}

/**
 * A file that takes another's place («Загрузить новый файл вместо этого») and
 * was already in «Медиа» gets the other's description, as a new file does,
 * unless it has one of its own (written for this very picture): either way
 * a cover that showed the old file keeps an alt text, and «Медиа» asks to
 * check it (it was written for another picture). Returns whether it was taken.
 */
export function adoptDescription(contentDir: string, file: string, about: MediaAbout): boolean {
  const side = readSidecar(contentDir, file);
  if (!side || side.alt?.trim() || !about.alt.trim()) return false;
  writeContentFile(contentDir, sidecarPath(file), `${JSON.stringify({ ...side, ...about, checkAlt: true })}\n`);
  return true;
}

/** What «Медиа» says about an image (its alt text, caption, focal point), or null unless `file` is exactly one of its images. */
export function mediaAbout(contentDir: string, file: string): MediaAbout | null {
  const side = readSidecar(contentDir, file);
  if (!side) return null;
  return { alt: side.alt ?? "", caption: side.caption ?? "", focal: side.focal ?? { x: 0.5, y: 0.5 } };
}

/**
 * Removes an image and its own sidecar (the caller has checked it is used
 * nowhere); false, and nothing removed, unless `file` is exactly one of «Медиа»'s.
 */
export function removeMedia(contentDir: string, file: string): boolean {
  if (!readSidecar(contentDir, file)) return false;
  removeContentFile(contentDir, `${UPLOADS_FOLDER}/${file}`);
  removeContentFile(contentDir, sidecarPath(file));
  return true;
}
