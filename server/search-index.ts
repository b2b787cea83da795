import { readFile } from "node:fs/promises";
import { createIndexReader, type IndexReader } from "#core/search/index-reader.ts";
import type { StaticFile } from "./static-files.ts";

type WithFiles = { files: ReadonlyMap<string, StaticFile> };

/** One reader per release: its manifest parsed once, the release object dropped with it. */
const readers = new WeakMap<WithFiles, IndexReader>();

/**
 * The search index of a release, read from its files, for the results the
 * server renders into /search/?q=… (app/routes/search/search.server.ts). Only
 * the manifest is kept: chunks and records are read per query from the
 * release's files (the operating system's cache keeps the hot ones), so
 * memory does not grow with what visitors search.
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
      { keepFiles: false },
    );
    readers.set(release, reader);
  }
  return reader;
}
