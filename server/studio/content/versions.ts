import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DOCUMENT_CATALOG, type EditableType, entryOfFile, isCollectionName, SINGLE, TABLE_CATALOG, typeInfo } from "#core/content/catalog.ts";
import type { ReleaseDiff } from "#core/studio/api.ts";
import type { EntryVersion, Saver, VersionAction, VersionEvent } from "#core/studio/content-api.ts";
import { blobId, changedFiles, hasCommit, headCommit, markPurged, readBlobs } from "../../releases/history.ts";
import { type FileCommit, fileHistory, filesAtCommit, isHistoryCommit, lastChanges, savedLog } from "../../releases/history-reads.ts";
import { publishedDir, readPublishedState } from "../../releases/published.ts";
import { liveContent } from "../../releases/unpublished.ts";
import { hashBytes } from "#core/content/load.server.ts";
import { currentRelease, readRecord } from "../../releases/store.ts";
import { entryFiles, readEntry, textsHash, valuesOf, type Values } from "./files.ts";
import { type ContentPlace } from "./place.ts";
import { titleOf } from "./files.ts";

/**
 * An entry's history (decision 032): the commits of the saved and published
 * lines that changed its files, grouped into versions (consecutive commits
 * with the same files are one version: saved, then published), each with
 * who and when. Read from git; nothing is kept besides.
 */
export const HISTORY_LIMIT = 100;

/** A studio author is `login@studio.invalid` (publishing.ts, authorOf); anyone else has no login here. */
const loginOf = (email: string) => (email.endsWith("@studio.invalid") ? email.slice(0, -"@studio.invalid".length) : null);

function blobOf(dir: string, path: string): string | null {
  try {
    return blobId(readFileSync(join(dir, path)));
  } catch {
    return null;
  }
}

const same = (a: ReadonlyArray<string | null>, b: ReadonlyArray<string | null>) => a.length === b.length && a.every((x, i) => x === b[i]);

function eventOf(commit: FileCommit): VersionEvent {
  const action: VersionAction = commit.action ?? "other";
  return { commit: commit.commit, at: commit.at, action, by: { name: commit.name, login: loginOf(commit.email) }, note: commit.subject };
}

/** The entry's commits, newest first, without those up to a purge («Удалить навсегда»). */
async function visibleCommits(place: ContentPlace, type: EditableType, slug: string): Promise<FileCommit[]> {
  return fileHistory(place.contentDir, entryFiles(type, slug), HISTORY_LIMIT, `${type}/${slug}`);
}

/**
 * Hides the history of a purged entry: up to its deletion. When an entry with the same address
 * was made since, the boundary is the last removal before it, so the new entry keeps its versions.
 */
export async function hidePurgedHistory(place: ContentPlace, type: EditableType, slug: string, existsNow: boolean): Promise<void> {
  const commits = await fileHistory(place.contentDir, entryFiles(type, slug), HISTORY_LIMIT);
  const boundary = existsNow ? commits.find((commit) => commit.blobs.every((blob) => blob === null)) : commits[0];
  if (boundary) await markPurged(place.contentDir, `${type}/${slug}`, boundary.commit);
}

export async function entryVersions(place: ContentPlace, type: EditableType, slug: string): Promise<EntryVersion[]> {
  const paths = entryFiles(type, slug);
  const commits = await visibleCommits(place, type, slug);
  const saved = paths.map((path) => blobOf(place.contentDir, path));
  const live = paths.map((path) => blobOf(publishedDir(place.releasesDir), path));
  const versions: Array<EntryVersion & { blobs: Array<string | null> }> = [];
  for (const commit of commits) {
    const last = versions.at(-1);
    // Newest first: a commit with the same files as the version above it is an earlier event of that version.
    if (last && same(last.blobs, commit.blobs)) {
      last.events.push(eventOf(commit));
      last.commit = commit.commit;
      continue;
    }
    const removed = commit.blobs.every((b) => b === null);
    versions.push({ commit: commit.commit, events: [eventOf(commit)], removed, saved: !removed && same(commit.blobs, saved), live: !removed && same(commit.blobs, live), blobs: commit.blobs });
  }
  // A version is named by its newest commit (the one whose files it is); events stay newest first.
  return versions.map(({ blobs: _blobs, ...version }) => ({ ...version, commit: version.events[0]!.commit }));
}

/**
 * Who saved each of the content's files last on the saved line (one `git log` per line's head,
 * kept): the function it gives names the newest of an entry's files. What «Ждут публикации» and an
 * entry's «Опубликовать» say before a colleague's change goes live (issue 52).
 */
export async function saversOf(place: ContentPlace): Promise<(paths: readonly string[]) => Saver | null> {
  const last = await lastChanges(place.contentDir);
  return (paths) => {
    let newest: Saver | null = null;
    for (const path of paths) {
      const change = last.get(path);
      if (change && (newest === null || change.at > newest.at)) newest = { name: change.name, login: loginOf(change.email), at: change.at };
    }
    return newest;
  };
}


/**
 * Everyone whose saves each group of files' publication would take live (an entry's files, per
 * group), newest first, one per person: the authors of the saved line's commits that changed
 * them since the version the live release was made from (the walk back stops, per file, at the
 * newest commit whose file is that one: its hash is the release's record of it). A publication of
 * a change saved by anyone else asks first, naming them all (issue 52).
 */
export async function pendingSavers(place: ContentPlace, groups: ReadonlyArray<readonly string[]>): Promise<Saver[][]> {
  const commits = await savedLog(place.contentDir);
  const released = liveContent(place.releasesDir);
  // The redirects table's hash is of its bytes as entries' are; route rules are recorded parsed, so their walk goes to the start.
  const live: Record<string, string> = { ...released?.tables, ...released?.files };
  const paths = new Set(groups.flat());
  const blobs = await readBlobs(place.contentDir, [...new Set(commits.flatMap((commit) => [...commit.changed].filter(([path, blob]) => paths.has(path) && blob !== null).map(([, blob]) => blob as string)))]);
  const hashOf = (blob: string | null) => (blob === null ? null : hashBytes(blobs.get(blob) ?? ""));
  return groups.map((group) => {
    const savers = new Map<string, Saver>();
    for (const path of group) {
      const published = live[path] ?? null;
      for (const commit of commits) {
        if (!commit.changed.has(path)) continue;
        // The file as the live release has it (absent too: a deletion published, then a restore saved) ends the walk.
        if (hashOf(commit.changed.get(path) ?? null) === published) break;
        const login = loginOf(commit.email);
        const key = login ?? commit.email;
        const known = savers.get(key);
        if (!known || known.at < commit.at) savers.set(key, { name: commit.name, login, at: commit.at });
      }
    }
    return [...savers.values()].sort((a, b) => b.at - a.at);
  });
}

/**
 * What a save refused as a conflict needs for a three-way merge (issue 52): who saved the version
 * now in the file and when, and the version the editor started from, found in the entry's history
 * by its hash (null when it is older than the history kept, or was never saved: a draft's base).
 */
export async function conflictContext(place: ContentPlace, type: EditableType, slug: string, baseHash: string | null): Promise<{ by: { name: string; at: number } | null; base: Values | null }> {
  const commits = await visibleCommits(place, type, slug);
  const newest = commits[0];
  const by = newest ? { name: newest.name, at: newest.at } : null;
  if (baseHash === null || commits.length === 0) return { by, base: null };
  const ids = [...new Set(commits.flatMap((c) => c.blobs).filter((id): id is string => id !== null))];
  const blobs = await readBlobs(place.contentDir, ids);
  for (const commit of commits) {
    const texts = commit.blobs.map((id) => (id === null ? null : (blobs.get(id)?.toString("utf8") ?? null)));
    if (texts.some((t) => t !== null) && textsHash(texts) === baseHash) return { by, base: valuesOf(type, slug, texts) };
  }
  return { by, base: null };
}

/**
 * The entry as the live release shows it (null: not on the site): from the published folder when it
 * matches the live release, else from git at the release's commit (a site whose first studio
 * publication is still to come). Read only: nothing is written here.
 */
export async function liveEntryValues(place: ContentPlace, type: EditableType, slug: string): Promise<Values | null> {
  const live = currentRelease(place.releasesDir);
  if (live === null) return null;
  if (readPublishedState(place.releasesDir).release === live) return readEntry(publishedDir(place.releasesDir), type, slug)?.values ?? null;
  // As ensurePublished does: a release copied from another repository names a commit this one
  // lacks, and the last commit is then the nearest thing.
  const recorded = readRecord(place.releasesDir, live).commit;
  const commit = recorded && (await hasCommit(place.contentDir, recorded)) ? recorded : await headCommit(place.contentDir);
  if (!commit) return null;
  return valuesOf(type, slug, await filesAtCommit(place.contentDir, commit, entryFiles(type, slug)));
}

/** The values of the entry at `commit` (null: absent then), or undefined when `commit` is not one of its history. */
export async function versionValues(place: ContentPlace, type: EditableType, slug: string, commit: string): Promise<Values | null | undefined> {
  if (!(await isHistoryCommit(place.contentDir, commit))) return undefined;
  return valuesOf(type, slug, await filesAtCommit(place.contentDir, commit, entryFiles(type, slug)));
}

/** The entry a content file belongs to: a collection's entry, a document, or the tables (two files). */
function entryOfContentFile(path: string): { type: EditableType; slug: string } | null {
  const entry = entryOfFile(path);
  if (entry) return entry;
  for (const [type, info] of Object.entries(DOCUMENT_CATALOG)) if (info.file === path) return { type: type as EditableType, slug: SINGLE };
  for (const [type, info] of Object.entries(TABLE_CATALOG)) if ((info.files as readonly string[]).includes(path)) return { type: type as EditableType, slug: SINGLE };
  return null;
}

/**
 * What changed between two commits of the content folder (a publication
 * against the one before it), per entry: its values before and after, for
 * the studio to show with the schema's labels. Other files by name.
 */
export async function changesBetween(place: ContentPlace, from: string | null, to: string): Promise<Omit<ReleaseDiff, "options">> {
  const entries = new Map<string, { type: EditableType; slug: string }>();
  const files: ReleaseDiff["files"] = [];
  const status = (letter: string) => (letter === "A" ? "added" : letter === "D" ? "removed" : "changed") as "added" | "changed" | "removed";
  for (const change of await changedFiles(place.contentDir, from, to)) {
    const entry = entryOfContentFile(change.path);
    if (entry) entries.set(`${entry.type}/${entry.slug}`, entry);
    else files.push({ path: change.path, status: status(change.status) });
  }
  return {
    // Side by side: the git queue (server/releases/git.ts) keeps the processes few.
    entries: await Promise.all(
      [...entries].map(async ([key, { type, slug }]) => {
        const paths = entryFiles(type, slug);
        const [before, after] = await Promise.all([
          from ? filesAtCommit(place.contentDir, from, paths).then((files) => valuesOf(type, slug, files)) : null,
          filesAtCommit(place.contentDir, to, paths).then((files) => valuesOf(type, slug, files)),
        ]);
        const title = isCollectionName(type) ? titleOf(after ?? before ?? {}, slug) : typeInfo(type).title;
        const status = before === null ? "added" : after === null ? "removed" : "changed";
        return { key, type, slug, title, status, before, after };
      }),
    ),
    files,
  };
}
