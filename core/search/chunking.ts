/**
 * Cutting a sorted list of keys into files whose boundaries stay put: a
 * boundary falls after a key whose hash says so (content-defined), not after
 * a number of bytes, so a key added or a posting list grown changes the
 * file it lands in and, at most, the next one; every other file keeps its
 * bytes and therefore its name.
 */
import { createHash } from "node:crypto";

/** A file's name: its content's SHA-256, 60 bits of it in base64url. */
export function contentHash(text: string, length = 10): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, length);
}

/** FNV-1a: a fast, stable hash of a key, for boundary decisions only. */
function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type Cutting = {
  /** No boundary before a file holds this many bytes… */
  minBytes: number;
  /** …and always one once it holds this many (a single larger entry gets a file of its own). */
  maxBytes: number;
  /** One key in `spread` ends a file (once past minBytes): sets the typical size. */
  spread: number;
};

/** Splits `entries` (sorted by key, each with its serialised size) into runs that become files. */
export function cut<T extends { key: string; bytes: number }>(entries: readonly T[], { minBytes, maxBytes, spread }: Cutting): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let size = 0;
  for (const entry of entries) {
    if (run.length > 0 && size + entry.bytes > maxBytes) {
      runs.push(run);
      run = [];
      size = 0;
    }
    run.push(entry);
    size += entry.bytes;
    if (size >= minBytes && keyHash(entry.key) % spread === 0) {
      runs.push(run);
      run = [];
      size = 0;
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}
