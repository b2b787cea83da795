/**
 * The bytes of a release's most requested files, kept in memory up to a
 * size. A release's files stay on disk (static-files.ts: memory must not grow
 * with the site), but reading one per request costs about twice the CPU of
 * the rest of the response (docs/benchmarks.md): the pages people actually
 * ask for are answered from here. Least recently used goes first.
 *
 * Keyed by the file's hash and encoding, not its path: a release that left a
 * page unchanged keeps it warm.
 */
export type FileCache = {
  get(key: string): Buffer | undefined;
  set(key: string, bytes: Buffer): void;
  /** Bytes held now. */
  readonly size: number;
};

/** A file larger than this share of the cache is never kept: a few big pictures would push out many pages. */
const LARGEST_SHARE = 1 / 16;

export function createFileCache(maxBytes: number): FileCache {
  const entries = new Map<string, Buffer>();
  let size = 0;
  return {
    get(key) {
      const bytes = entries.get(key);
      if (bytes) {
        // Map keeps insertion order: moved to the end, it is the most recently used.
        entries.delete(key);
        entries.set(key, bytes);
      }
      return bytes;
    },
    set(key, bytes) {
      if (bytes.length > maxBytes * LARGEST_SHARE || entries.has(key)) return;
      entries.set(key, bytes);
      size += bytes.length;
      for (const [oldest, old] of entries) {
        if (size <= maxBytes) break;
        entries.delete(oldest);
        size -= old.length;
      }
    },
    get size() {
      return size;
    },
  };
}
