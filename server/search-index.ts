import { readFile } from "node:fs/promises";
import { createIndexReader, type IndexReader } from "#core/search/index-reader.ts";
import type { StaticFile } from "./static-files.ts";

type WithFiles = { files: ReadonlyMap<string, StaticFile> };

/**
 * Index files kept parsed per release, the least recently used dropped first:
 * a chunk is a few kilobytes, so a few megabytes at most, and the chunks of
 * common words stay parsed between queries.
 */
const FILES_KEPT = 256;

/** One reader per release: its manifest parsed once, the release object dropped with it. */
const readers = new WeakMap<WithFiles, IndexReader>();

/**
 * The search index of a release, read from its files, for the results the
 * server renders into /search/?q=… (app/routes/search/search.server.ts): the
 * manifest, and a bounded number of the files read last (FILES_KEPT), so
 * memory does not grow with what visitors search and a query's many lookups
 * of one chunk parse it once.
 */
export function releaseSearchIndex(release: WithFiles): IndexReader {
  let reader = readers.get(release);
  if (!reader) {
    reader = createIndexReader(
      async (url) => {
        const file = release.files.get(url);
        if (!file) throw new Error(`search: no file ${url} in the release`);
        const bytes = Buffer.isBuffer(file.body) ? file.body : await readFile(file.body.path);
        return JSON.parse(bytes.toString("utf8")) as unknown;
      },
      { keepFiles: FILES_KEPT },
    );
    readers.set(release, reader);
  }
  return reader;
}
