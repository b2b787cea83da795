import { readFileSync, type Stats, statSync } from "node:fs";
import { hashBytes } from "#core/content/load.server.ts";

/**
 * What the studio knows of a content file's bytes, kept while the file is the same as `stat` sees
 * it (inode, size, modification and change times), as git's index does: a list of 5,000 articles
 * hashed every file and «Медиа» read every text on each request (docs/studio.md, «At scale»).
 * A file changed in the last two seconds is read again each time: it may change again within the
 * same tick of the clock without its size or times telling (git's "racy" files).
 */
export type FileFacts = {
  /** The hash of its bytes, as releases record it (hashBytes). */
  hash: string;
  /** The uploads its text names (`/uploads/<hash>.<ext>`), each once. */
  uploads: readonly string[];
};

type Kept = { identity: string; facts: FileFacts };

const kept = new Map<string, Kept>();
/** Five times the articles of the largest site measured, with room for the published folder's copies. */
const KEPT_MAX = 50_000;
const RACY_MS = 2_000;
const UPLOAD_IN_TEXT = /\/uploads\/([a-f\d]{24}\.(?:jpg|png|webp|avif))/g;

/** What `stat` says of a file or a folder that changes whenever its content does. */
export const identityOf = (stats: Stats) => `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
/** Whether it changed long enough ago that a change within the same tick would have moved its times. */
export const settled = (stats: Stats, now: number) => now - Math.max(stats.mtimeMs, stats.ctimeMs) > RACY_MS;

/** The facts of the file at `file` (an absolute path), or null when it is not there. */
export function fileFacts(file: string, now = Date.now()): FileFacts | null {
  let stats: Stats;
  try {
    stats = statSync(file);
  } catch {
    return null;
  }
  const identity = identityOf(stats);
  const known = kept.get(file);
  if (known?.identity === identity) return known.facts;
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  const text = bytes.toString("utf8");
  const facts: FileFacts = { hash: hashBytes(bytes), uploads: [...new Set(Array.from(text.matchAll(UPLOAD_IN_TEXT), (m) => m[1] as string))] };
  if (settled(stats, now)) {
    // Oldest out first; a file seen again moves to the end.
    kept.delete(file);
    if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value as string);
    kept.set(file, { identity, facts });
  } else {
    kept.delete(file);
  }
  return facts;
}
