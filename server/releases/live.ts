import { existsSync, readFileSync, watch } from "node:fs";
import { join } from "node:path";
import type { ContentSource } from "#core/content/source.server.ts";
import type { RouteRules } from "#core/lib/route-rules.ts";
import { parseRedirectTable, type RedirectTable } from "../redirect-table.ts";
import type { StaticFile } from "../static-files.ts";
import { releaseFiles } from "./release-files.ts";
import { currentRelease, type ReleaseRecord, releaseDir } from "./store.ts";
import { CONTENT_FILES_FILE, type ReleasedContent, SERVING_FILE, type ServingSource, TEXTS_FILE, withTextsFrom } from "./texts.ts";

/**
 * The release a server is serving: where each public file and its compressed
 * variants are (read per request from the release's folder, which never
 * changes), the CSP hashes of each page, the redirect tables and the content
 * on-request pages are rendered from. A request takes one of these at its
 * start and is answered from it alone.
 */
export type LiveRelease = {
  id: string;
  /** Its record without the lists of what changed and was rendered (thousands of paths at 5,000 articles). */
  record: ServedRecord;
  /** The release's files over the code build's (assets, fonts, icons). */
  files: ReadonlyMap<string, StaticFile>;
  /** Inline-script hashes of each prerendered page, by its path ("/services/": its file is "/services/index.html"). */
  scriptHashes: ReadonlyMap<string, readonly string[]>;
  redirects: RedirectTable;
  routeRules: RouteRules;
  /** Addresses taken off the site (withdrawn or deleted without a redirect): 410. */
  gone: ReadonlySet<string>;
  source: ContentSource;
  /** The content files it was made from, by path, with the hash of their bytes: read when first asked for (a preview). */
  readonly contentFiles: Readonly<Record<string, string>>;
};

export type ServedRecord = Omit<ReleaseRecord, "changed" | "rendered">;

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, "utf8")) as T;

/**
 * Loads a release: its tables and content, not its files' bytes (see
 * FileBody), so switching takes the same few milliseconds at any size.
 */
export function loadRelease(root: string, id: string, codeFiles: ReadonlyMap<string, StaticFile>): LiveRelease {
  const dir = releaseDir(root, id);
  const { changed: _changed, rendered: _rendered, ...record } = readJson<ReleaseRecord>(join(dir, "release.json"));
  // serving.json, never state.json and source.json: a server loads only releases its own code made.
  const { files: manifest, csp, ...source } = readJson<ServingSource>(join(dir, SERVING_FILE));
  withTextsFrom(source.content, join(dir, TEXTS_FILE));
  const files = releaseFiles(dir, manifest, codeFiles);
  let contentFiles: Record<string, string> | undefined;
  // Pages share their inline scripts: one list of hashes for each set (5,000 articles, a handful of sets).
  const scriptHashes = new Map<string, readonly string[]>();
  const sets = new Map<string, readonly string[]>();
  for (const [path, hashes] of Object.entries(csp)) {
    const key = hashes.join(" ");
    if (!sets.has(key)) sets.set(key, hashes);
    scriptHashes.set(path, sets.get(key) as readonly string[]);
  }
  return {
    id,
    record,
    files,
    scriptHashes,
    redirects: parseRedirectTable(source.tables.redirects),
    routeRules: source.tables.routeRules,
    gone: new Set(source.tables.gone ?? []),
    source: { content: source.content, images: source.images, modified: source.modified, ...(source.uploads ? { uploads: source.uploads } : {}) },
    get contentFiles() {
      contentFiles ??= readJson<ReleasedContent>(join(dir, CONTENT_FILES_FILE)).files;
      return contentFiles;
    },
  };
}

/**
 * Calls `onChange` with the new id whenever `current` names another release:
 * at once through a file-system watch where the system delivers one, and by
 * looking every `intervalMs` in any case (a shared volume may not deliver
 * events from another machine).
 */
export function watchCurrentRelease(root: string, onChange: (id: string) => void, intervalMs = 1_000): () => void {
  let seen = currentRelease(root);
  const look = () => {
    const id = currentRelease(root);
    if (id && id !== seen) {
      seen = id;
      onChange(id);
    }
  };
  const timer = setInterval(look, intervalMs);
  timer.unref();
  let watcher: ReturnType<typeof watch> | null = null;
  try {
    if (existsSync(root)) watcher = watch(root, { persistent: false }, (_event, name) => name === "current" && look());
  } catch {
    // Polling alone then.
  }
  return () => {
    clearInterval(timer);
    watcher?.close();
  };
}
