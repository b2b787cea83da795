import { createHash } from "node:crypto";
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { isCompressible } from "../mime.ts";

/** One public file of a release: the hash of its bytes (its ETag) and its size. */
export type FileEntry = { hash: string; size: number; compressed: boolean };
export type FileManifest = Record<string, FileEntry>;

/** Smaller files gain nothing from compression (the headers outweigh it). */
const COMPRESS_FROM_BYTES = 512;
/**
 * Brotli quality by how much is new. On our pages 11 is ~1 % smaller than 10
 * and ~12 % smaller than 5, but 2.5 times slower than 10 and 20–40 times
 * slower than 5 (~1.3 ms per KB at 11 here). A release compresses only what is
 * new: usually a few pages, at 11; all pages of the demo site (new code, new
 * configuration: ~11 MB) at 10; thousands of pages at 5, or a large site's
 * release would take many minutes.
 */
const QUALITY_BY_NEW_BYTES: ReadonlyArray<[number, number]> = [
  [2 * 1024 * 1024, 11],
  [32 * 1024 * 1024, 10],
  [Number.POSITIVE_INFINITY, 5],
];

/**
 * A single file this large compresses at 10 at most: 11 took 825 ms for the
 * sitemap of 5,000 articles (511 KB), 10 took 224 ms for 9 % more bytes, and
 * a release that changes any page's date writes the sitemap again.
 */
const LARGE_FILE_BYTES = 256 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function hashFile(body: Buffer): string {
  return createHash("sha1").update(body).digest("base64url").slice(0, 20);
}

function fileOf(root: string, urlPath: string): string {
  return join(root, ...urlPath.split("/").filter(Boolean));
}

/** Hard link (the same bytes, no copy) or, across file systems, a copy; `to`'s folder exists. */
function place(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/**
 * The files of the release being made. A file whose bytes equal the previous
 * release's file at the same address is linked to it, compressed variants
 * included: never written, never compressed again.
 */
export class ReleaseFiles {
  readonly manifest: FileManifest = {};
  written = 0;
  reused = 0;
  private pending: string[] = [];
  /** Folders made so far: a large site's release links tens of thousands of files into a few thousand folders. */
  private readonly folders = new Set<string>();
  private readonly root: string;
  private readonly previous: { root: string; manifest: FileManifest } | null;

  constructor(root: string, previous: { root: string; manifest: FileManifest } | null) {
    this.root = root;
    this.previous = previous;
  }

  /** Takes the previous release's file as it is. */
  reuse(urlPath: string): void {
    const entry = this.previous?.manifest[urlPath];
    if (!this.previous || !entry) throw new Error(`the previous release has no ${urlPath} to reuse`);
    this.linkPrevious(urlPath, entry);
  }

  /** Whether the previous release has this file. */
  hadFile(urlPath: string): boolean {
    return this.previous?.manifest[urlPath] !== undefined;
  }

  write(urlPath: string, body: Buffer): void {
    const hash = hashFile(body);
    const before = this.previous?.manifest[urlPath];
    if (before?.hash === hash) return this.linkPrevious(urlPath, before);
    const target = this.target(urlPath);
    writeFileSync(target, body);
    this.add(urlPath, hash, body.length);
  }

  /** A file drawn into a cache (pictures, images): linked from there. */
  place(urlPath: string, cached: string): void {
    const body = readFileSync(cached);
    const hash = hashFile(body);
    const before = this.previous?.manifest[urlPath];
    if (before?.hash === hash) return this.linkPrevious(urlPath, before);
    place(cached, this.target(urlPath));
    this.add(urlPath, hash, body.length);
  }

  private add(urlPath: string, hash: string, size: number) {
    const compressed = isCompressible(extname(urlPath)) && size > COMPRESS_FROM_BYTES;
    this.manifest[urlPath] = { hash, size, compressed };
    if (compressed) this.pending.push(urlPath);
    this.written += 1;
  }

  private linkPrevious(urlPath: string, entry: FileEntry) {
    const from = fileOf((this.previous as { root: string }).root, urlPath);
    const to = this.target(urlPath);
    place(from, to);
    if (entry.compressed) {
      place(`${from}.br`, `${to}.br`);
      place(`${from}.gz`, `${to}.gz`);
    }
    this.manifest[urlPath] = entry;
    this.reused += 1;
  }

  /** Where the file at `urlPath` goes, its folder made. */
  private target(urlPath: string): string {
    const file = fileOf(this.root, urlPath);
    const folder = dirname(file);
    if (!this.folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.folders.add(folder);
    }
    return file;
  }

  /**
   * Compresses every new file, on every core (zlib's asynchronous calls run
   * in Node's thread pool); returns the brotli quality used.
   */
  async compress(): Promise<number> {
    const bytes = this.pending.reduce((sum, urlPath) => sum + (this.manifest[urlPath]?.size ?? 0), 0);
    const quality = QUALITY_BY_NEW_BYTES.find(([upTo]) => bytes <= upTo)?.[1] ?? 5;
    const queue = [...this.pending];
    this.pending = [];
    const worker = async () => {
      for (let urlPath = queue.pop(); urlPath !== undefined; urlPath = queue.pop()) {
        const file = fileOf(this.root, urlPath);
        const body = readFileSync(file);
        const fileQuality = body.length > LARGE_FILE_BYTES ? Math.min(quality, 10) : quality;
        const params = { [constants.BROTLI_PARAM_QUALITY]: fileQuality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length };
        const [br, gz] = await Promise.all([brotli(body, { params }), gzipAsync(body, { level: 9 })]);
        writeFileSync(`${file}.br`, br);
        writeFileSync(`${file}.gz`, gz);
      }
    };
    await Promise.all(Array.from({ length: availableParallelism() }, worker));
    return quality;
  }

  has(urlPath: string): boolean {
    return this.manifest[urlPath] !== undefined;
  }
}

export function releaseFile(root: string, urlPath: string): string {
  return fileOf(root, urlPath);
}

export function fileExists(root: string, urlPath: string): boolean {
  return existsSync(fileOf(root, urlPath));
}
