import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { COLLECTION_CATALOG, DOCUMENT_CATALOG, entryOfFile, entryPath, hasOwnPage } from "#core/content/catalog.ts";
import { hashBytes } from "#core/content/load.server.ts";
import { UPLOADS_FOLDER } from "#core/content/uploads.server.ts";
import { blobId, filesAt, hasCommit, headCommit, readBlobs } from "./history.ts";
import { readRecord } from "./store.ts";
import { REDIRECTS_FILE, ROUTE_RULES_FILE } from "./tables.ts";

/**
 * What is on the site, apart from what is saved (decision 030). The content
 * folder holds saved work; `<releases>/.published/` holds the content the
 * live release was made from, file for file. A publication copies the chosen
 * entries' saved files into it and renders from it; a rollback makes it the
 * release's content again. Saved work is never touched by either.
 *
 *   .published/              content files as published (uploads: a link to the content folder's, they never change)
 *   published.json           the release the folder matches, and its commit on the published line
 */
export type PublishedState = { release: string | null; commit: string | null };

export const publishedDir = (root: string) => join(root, ".published");
const stateFile = (root: string) => join(root, "published.json");

/** Whether a path under the content folder is a file a release loads (entries, documents, tables). */
export function isContentPath(path: string): boolean {
  if (path === REDIRECTS_FILE || path === ROUTE_RULES_FILE) return true;
  if (Object.values(DOCUMENT_CATALOG).some((d) => d.file === path)) return true;
  return Object.values(COLLECTION_CATALOG).some(({ folder }) => path.startsWith(`${folder}/`) && path.endsWith(".md") && !path.slice(folder.length + 1).includes("/"));
}

/** The content files under a folder, by path. */
export function contentPaths(dir: string): string[] {
  const found: string[] = [];
  const walk = (sub: string) => {
    const at = join(dir, sub);
    if (!existsSync(at)) return;
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === UPLOADS_FOLDER) continue;
      const path = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && isContentPath(path)) found.push(path);
    }
  };
  walk("");
  return found.sort();
}

export function readPublishedState(root: string): PublishedState {
  try {
    return JSON.parse(readFileSync(stateFile(root), "utf8")) as PublishedState;
  } catch {
    return { release: null, commit: null };
  }
}

export function writePublishedState(root: string, state: PublishedState): void {
  const temporary = `${stateFile(root)}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, stateFile(root));
}

const read = (file: string): Buffer | null => (existsSync(file) ? readFileSync(file) : null);

function put(dir: string, path: string, bytes: Buffer | null): void {
  const file = join(dir, path);
  if (bytes === null) {
    rmSync(file, { force: true });
    return;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}

function linkUploads(dir: string, contentDir: string): void {
  mkdirSync(dir, { recursive: true });
  const link = join(dir, UPLOADS_FOLDER);
  if (!existsSync(link)) {
    rmSync(link, { force: true });
    symlinkSync(relative(dir, join(contentDir, UPLOADS_FOLDER)), link);
  }
}

/**
 * The published folder, made to match the live release when it does not
 * (first use on a site published before, a rollback from the command line, a
 * maker that died): from the release's commit when the repository has it,
 * else from the last commit, else (no git) from the content folder as saved.
 * Returns the folder.
 */
export async function ensurePublished(root: string, contentDir: string, live: string | null): Promise<string> {
  const dir = publishedDir(root);
  linkUploads(dir, contentDir);
  if (readPublishedState(root).release === live && live !== null) return dir;
  const recorded = live ? readRecord(root, live).commit : null;
  // A release copied from another repository names a commit this one lacks: the saved line's last
  // commit is then the nearest thing (publishing used to commit everything it published).
  const commit = recorded && (await hasCommit(contentDir, recorded)) ? recorded : live ? await headCommit(contentDir) : null;
  if (commit) await materialize(dir, contentDir, commit);
  else copyAll(dir, contentDir);
  writePublishedState(root, { release: live, commit });
  return dir;
}

/** Makes the published folder the content of `commit`, writing only the files that differ. */
export async function materialize(dir: string, contentDir: string, commit: string): Promise<void> {
  const want = new Map([...(await filesAt(contentDir, commit))].filter(([path]) => isContentPath(path)));
  const missing = new Map<string, string>();
  for (const [path, id] of want) {
    const bytes = read(join(dir, path));
    if (bytes === null || blobId(bytes) !== id) missing.set(path, id);
  }
  const blobs = await readBlobs(contentDir, [...new Set(missing.values())]);
  for (const [path, id] of missing) put(dir, path, blobs.get(id) ?? null);
  for (const path of contentPaths(dir)) if (!want.has(path)) put(dir, path, null);
}

function copyAll(dir: string, contentDir: string): void {
  const saved = new Set(contentPaths(contentDir));
  for (const path of saved) put(dir, path, read(join(contentDir, path)));
  for (const path of contentPaths(dir)) if (!saved.has(path)) put(dir, path, null);
}

/** A change to the published folder that can be taken back (a publication refused). */
export type Applied = { changes: Map<string, Buffer | null>; undo(): void };

/**
 * Puts the saved version of `paths` (every content file for "all") into the
 * published folder; `withdraw`: paths taken off the site. Only what differs is written.
 */
export function applySaved(
  dir: string,
  contentDir: string,
  paths: readonly string[] | "all",
  withdraw: readonly string[] = [],
  redirects: ReadonlyArray<{ from: string; to: string }> = [],
): Applied {
  const list = paths === "all" ? [...new Set([...contentPaths(contentDir), ...contentPaths(dir)])] : paths;
  const changes = new Map<string, Buffer | null>();
  const before = new Map<string, Buffer | null>();
  const change = (path: string, bytes: Buffer | null) => {
    const current = read(join(dir, path));
    if (current === null ? bytes === null : bytes !== null && current.equals(bytes)) return;
    before.set(path, current);
    changes.set(path, bytes);
    put(dir, path, bytes);
  };
  for (const path of list) if (isContentPath(path)) change(path, read(join(contentDir, path)));
  for (const path of withdraw) if (isContentPath(path)) change(path, null);
  // The old addresses that led to a withdrawn page lead where it now does (no chain), or nowhere.
  const leftAddresses = new Map<string, string | null>();
  for (const path of withdraw) {
    const entry = entryOfFile(path);
    if (!entry || !hasOwnPage(entry.type)) continue;
    const address = entryPath(entry.type, entry.slug);
    leftAddresses.set(address, redirects.find((r) => r.from === address)?.to ?? null);
  }
  // A chosen entry's page is live again: no row leads away from it any more, and the saved rows
  // that lead to it (its old addresses) are on the site again.
  const backAddresses = new Set<string>();
  if (paths !== "all") {
    for (const path of list) {
      const entry = entryOfFile(path);
      if (entry && hasOwnPage(entry.type) && read(join(contentDir, path)) !== null) backAddresses.add(entryPath(entry.type, entry.slug));
    }
  }
  const table = (read(join(dir, REDIRECTS_FILE))?.toString("utf8") ?? "from,to\n").replace(/\n*$/, "\n");
  const lines = table.split("\n").filter((line) => line !== "");
  const fromOf = (line: string) => (line.includes(",") ? line.slice(0, line.indexOf(",")) : null);
  const toOf = (line: string) => (line.includes(",") ? line.slice(line.indexOf(",") + 1) : null);
  const savedRows = backAddresses.size === 0 ? [] : (read(join(contentDir, REDIRECTS_FILE))?.toString("utf8") ?? "").split("\n").slice(1);
  const present = new Set(lines.map(fromOf));
  const returning = savedRows.filter((line) => backAddresses.has(toOf(line) ?? "") && !present.has(fromOf(line)) && !redirects.some((r) => r.from === fromOf(line)));
  const away = (line: string) => backAddresses.has(fromOf(line) ?? "");
  const replaced = (line: string) => redirects.some((r) => r.from === fromOf(line));
  const led = (line: string) => leftAddresses.has(toOf(line) ?? "");
  if (redirects.length > 0 || returning.length > 0 || lines.some((line) => away(line) || led(line))) {
    const kept = [...lines.filter((line) => !replaced(line) && !away(line)), ...returning].flatMap((line) => {
      if (!led(line)) return [line];
      const next = leftAddresses.get(toOf(line) as string);
      return next ? [`${fromOf(line)},${next}`] : [];
    });
    change(REDIRECTS_FILE, Buffer.from(`${kept.join("\n")}\n${redirects.map((r) => `${r.from},${r.to}\n`).join("")}`));
  }
  return {
    changes,
    undo: () => {
      for (const [path, bytes] of before) put(dir, path, bytes);
    },
  };
}

/**
 * Whether the published folder holds exactly what release `id` was made from,
 * by the hashes the release recorded of its entries and documents: how a
 * release whose commit this repository lacks is still restored exactly.
 */
export function matchesRelease(root: string, id: string): boolean {
  const source = JSON.parse(readFileSync(join(root, id, "source.json"), "utf8")) as { contentFiles: Record<string, string> };
  const dir = publishedDir(root);
  const here = contentPaths(dir).filter((path) => path.endsWith(".md") || path.endsWith(".yaml"));
  if (here.length !== Object.keys(source.contentFiles).length) return false;
  return here.every((path) => source.contentFiles[path] === hashBytes(readFileSync(join(dir, path))));
}

/** A published file's text, or null. */
export function publishedText(root: string, path: string): string | null {
  const bytes = read(join(publishedDir(root), path));
  return bytes === null ? null : bytes.toString("utf8");
}

/** The published folder's files that differ from `commit`'s content (bytes, or null where removed): what a commit of it changes. */
export async function differencesFrom(dir: string, contentDir: string, commit: string | null): Promise<Map<string, Buffer | null>> {
  const before = commit ? new Map([...(await filesAt(contentDir, commit))].filter(([path]) => isContentPath(path))) : new Map<string, string>();
  const changes = new Map<string, Buffer | null>();
  const now = contentPaths(dir);
  for (const path of now) {
    const bytes = readFileSync(join(dir, path));
    if (before.get(path) !== blobId(bytes)) changes.set(path, bytes);
  }
  const present = new Set(now);
  for (const path of before.keys()) if (!present.has(path)) changes.set(path, null);
  return changes;
}
