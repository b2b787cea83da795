import { existsSync, readFileSync, watch } from "node:fs";
import { extname, join } from "node:path";
import type { ContentSource } from "../../app/content/source.server.ts";
import type { RouteRules } from "../../app/lib/route-rules.ts";
import { contentType } from "../mime.ts";
import { parseRedirectTable, type RedirectTable } from "../redirect-table.ts";
import { cachePolicy, type StaticFile } from "../static-files.ts";
import { releaseFile } from "./files.ts";
import type { ReleaseSource, ReleaseState } from "./publish.ts";
import { currentRelease, type ReleaseRecord, releaseDir } from "./store.ts";

/**
 * The release a server is serving, held in memory: every public file with
 * its compressed variants, the CSP hashes of each page, the redirect tables
 * and the content on-request pages are rendered from. A request takes one of
 * these at its start and is answered from it alone.
 */
export type LiveRelease = {
  id: string;
  record: ReleaseRecord;
  /** The release's files over the code build's (assets, fonts, icons). */
  files: ReadonlyMap<string, StaticFile>;
  /** Inline-script hashes of each HTML file, by URL path. */
  scriptHashes: ReadonlyMap<string, readonly string[]>;
  redirects: RedirectTable;
  routeRules: RouteRules;
  source: ContentSource;
  /** The content files it was made from, by path, with the hash of their bytes. */
  contentFiles: Readonly<Record<string, string>>;
};

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, "utf8")) as T;

/**
 * Loads a release. Files the previous live release already holds with the
 * same bytes are shared, not read again, so switching to a release that
 * changed a few pages reads a few files.
 */
export function loadRelease(root: string, id: string, codeFiles: ReadonlyMap<string, StaticFile>, previous?: LiveRelease): LiveRelease {
  const dir = releaseDir(root, id);
  const record = readJson<ReleaseRecord>(join(dir, "release.json"));
  const state = readJson<ReleaseState>(join(dir, "state.json"));
  const source = readJson<ReleaseSource>(join(dir, "source.json"));
  const files = new Map(codeFiles);
  for (const [urlPath, entry] of Object.entries(state.files)) {
    const etag = `"${entry.hash}"`;
    const known = previous?.files.get(urlPath);
    if (known?.etag === etag) {
      files.set(urlPath, known);
      continue;
    }
    const file = releaseFile(join(dir, "files"), urlPath);
    const body = readFileSync(file);
    files.set(urlPath, {
      body,
      ...(entry.compressed ? { br: readFileSync(`${file}.br`), gzip: readFileSync(`${file}.gz`) } : {}),
      type: contentType(extname(urlPath)),
      etag,
      cacheControl: cachePolicy(urlPath),
    });
  }
  const scriptHashes = new Map<string, readonly string[]>();
  for (const [path, page] of Object.entries(state.pages)) {
    if (page.csp) scriptHashes.set(`${path}index.html`, page.csp);
  }
  return {
    id,
    record,
    files,
    scriptHashes,
    redirects: parseRedirectTable(source.tables.redirects),
    routeRules: source.tables.routeRules,
    source: { content: source.content, images: source.images, modified: source.modified },
    contentFiles: source.contentFiles,
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
