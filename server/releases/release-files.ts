import { extname, join } from "node:path";
import { contentType } from "../mime.ts";
import { cachePolicy, type StaticFile } from "../static-files.ts";
import { type FileManifest, releaseFile } from "./files.ts";

/**
 * A release's public files over the code build's, as a read-only map whose entries are made
 * when asked for. A release of 5,000 articles has some 28,000 files; an object per file with its
 * three paths, ETag and cache policy took about 30 MB of the resting site's process. The
 * manifest's hashes are kept (a map of path to hash, and the few files without compressed
 * copies apart: an object per file with its size took another megabyte at 5,000 articles); the
 * rest is a few string joins per request.
 */
export class ReleaseFiles implements ReadonlyMap<string, StaticFile> {
  private readonly root: string;
  private readonly hashes = new Map<string, string>();
  /** Files kept without .br and .gz beside them (small ones, images). */
  private readonly plain = new Set<string>();
  private readonly code: ReadonlyMap<string, StaticFile>;

  constructor(root: string, manifest: FileManifest, code: ReadonlyMap<string, StaticFile>) {
    this.root = root;
    for (const [urlPath, entry] of Object.entries(manifest)) {
      this.hashes.set(urlPath, entry.hash);
      if (!entry.compressed) this.plain.add(urlPath);
    }
    this.code = code;
  }

  get(urlPath: string): StaticFile | undefined {
    const hash = this.hashes.get(urlPath);
    if (hash === undefined) return this.code.get(urlPath);
    const path = releaseFile(this.root, urlPath);
    return {
      body: { path },
      ...(this.plain.has(urlPath) ? {} : { br: { path: `${path}.br` }, gzip: { path: `${path}.gz` } }),
      type: contentType(extname(urlPath)),
      etag: `"${hash}"`,
      cacheControl: cachePolicy(urlPath),
    };
  }

  has(urlPath: string): boolean {
    return this.hashes.has(urlPath) || this.code.has(urlPath);
  }

  get size(): number {
    let size = this.hashes.size;
    for (const urlPath of this.code.keys()) if (!this.hashes.has(urlPath)) size++;
    return size;
  }

  *keys(): MapIterator<string> {
    for (const urlPath of this.code.keys()) if (!this.hashes.has(urlPath)) yield urlPath;
    yield* this.hashes.keys();
  }

  *values(): MapIterator<StaticFile> {
    for (const urlPath of this.keys()) yield this.get(urlPath) as StaticFile;
  }

  *entries(): MapIterator<[string, StaticFile]> {
    for (const urlPath of this.keys()) yield [urlPath, this.get(urlPath) as StaticFile];
  }

  [Symbol.iterator](): MapIterator<[string, StaticFile]> {
    return this.entries();
  }

  forEach(callback: (value: StaticFile, key: string, map: ReadonlyMap<string, StaticFile>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }
}

/** The files of the release in `dir`. */
export function releaseFiles(dir: string, manifest: FileManifest, code: ReadonlyMap<string, StaticFile>): ReleaseFiles {
  return new ReleaseFiles(join(dir, "files"), manifest, code);
}
