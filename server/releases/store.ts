import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

/**
 * Where releases live: RELEASES_DIR, by default `<DATA_DIR>/releases/`. Each release is a folder that
 * is complete before its name appears (it is made under `.partial-<id>` and
 * renamed) and never changes afterwards; `current` names the one being
 * served and is replaced atomically (write, then rename). Several servers
 * sharing the folder read `current` and so serve the same release.
 *
 *   current                  the id of the live release
 *   <id>/release.json        who, when, what changed, how long it took
 *   <id>/state.json          what the next release needs: fingerprints, pages and their reads, files
 *   <id>/source.json         the content pages were rendered from (the next release and the studio read it)
 *   <id>/serving.json        the same for the servers, rendering on request, its long texts apart…
 *   <id>/texts.bin           …read from here when a page needs one (texts.ts)
 *   <id>/content-files.json  the content files it was made from and their hashes, the tables' hashes, the
 *                            team (what the studio compares the content folder with; a preview reads them)
 *   <id>/files/…             every public file, with .br and .gz beside the compressible ones
 *   .partial-<id>/           a release being made (removed if its maker died)
 *   .cache/                  drawings reused across releases (images, Open Graph pictures)
 *   .lock                    held while a release is made
 */

export type ReleaseRecord = {
  id: string;
  /** ISO time the release was made. */
  createdAt: string;
  author: string;
  message: string;
  /** The content commit it was made from; null outside git. */
  commit: string | null;
  /** What it replaced. */
  previous: string | null;
  /** The code build and configuration it was rendered with. */
  code: string;
  config: string;
  /**
   * The Yandex Metrica counter its pages carry (set on «Настройки», or PUBLIC_METRIKA_ID), and the
   * public runtime configuration's tag they carry with it: a server's CSP and the pages it renders
   * on request follow the live release's. Absent before.
   */
  metrikaId?: string | null;
  headTag?: string | null;
  /** Why every page was rendered, if so (first release, code or configuration changed, asked for). */
  full: string | null;
  /** Entries that changed ("articles/slug", "company.yaml"). */
  changed: string[];
  /** What was chosen (content files), or "all": everything saved (decision 030). Absent before. */
  entries?: string[] | "all";
  /** Content files taken off the site by it. */
  withdrawn?: string[];
  pages: { rendered: number; reused: number; removed: number };
  /** The pages rendered, when not all of them were. */
  rendered: string[];
  files: { written: number; reused: number };
  /** Open Graph pictures drawn (the rest came from the cache or the previous release). */
  drawn: number;
  /**
   * Uploads' copies the release publishes, and how many of them it encoded (the rest were in the
   * cache: drawn by an earlier release, or by the studio when the picture was uploaded). Absent before.
   */
  uploads?: { published: number; encoded: number };
  /** Seconds the release took, in all and per step. */
  seconds: number;
  steps: Record<string, number>;
};

/** RELEASES_DIR, or DATA_DIR/releases. */
export function releasesRoot(env: { DATA_DIR: string; RELEASES_DIR?: string | undefined }): string {
  return env.RELEASES_DIR ?? join(env.DATA_DIR, "releases");
}

export const releaseDir = (root: string, id: string) => join(root, id);
export const partialDir = (root: string, id: string) => join(root, `.partial-${id}`);
export const cacheDir = (root: string, kind: string) => join(root, ".cache", kind);

/**
 * Sortable by time, unique across servers: 20261125-223012345-3f9a2c (UTC, to
 * the millisecond). Milliseconds, because two releases made within one second
 * (a publication, then a quick second one) must still sort in the order they
 * were made: "the release before" is the one sorted before.
 */
export function newReleaseId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, "").replace("T", "-").slice(0, 18);
  return `${stamp}-${randomBytes(3).toString("hex")}`;
}

/** Ids made before milliseconds were added (20261125-223012-3f9a2c) stay valid and sort before a same-second new one. */
const ID = /^\d{8}-\d{6}(\d{3})?-[0-9a-f]{6}$/;
export const isReleaseId = (value: string) => ID.test(value);

export function currentRelease(root: string): string | null {
  try {
    const id = readFileSync(join(root, "current"), "utf8").trim();
    return isReleaseId(id) && existsSync(join(root, id, "release.json")) ? id : null;
  } catch {
    return null;
  }
}

/** The folder of the live release's public files (its pages, feeds, pictures, index), if there is one. */
export function liveFiles(root: string): string | null {
  const id = currentRelease(root);
  return id ? join(root, id, "files") : null;
}

/** Points `current` at a complete release; readers see the old id or the new one, never a mix. */
export function setCurrentRelease(root: string, id: string): void {
  if (!existsSync(join(root, id, "release.json"))) throw new Error(`release ${id} does not exist or is incomplete`);
  const temporary = join(root, `.current-${process.pid}-${randomBytes(4).toString("hex")}`);
  writeFileSync(temporary, `${id}\n`);
  renameSync(temporary, join(root, "current"));
}

export function readRecord(root: string, id: string): ReleaseRecord {
  return JSON.parse(readFileSync(join(root, id, "release.json"), "utf8")) as ReleaseRecord;
}

/** Complete releases, oldest first. */
export function listReleases(root: string): ReleaseRecord[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => isReleaseId(name) && existsSync(join(root, name, "release.json")))
    .sort()
    .map((id) => readRecord(root, id));
}

type LockOwner = { pid: number; host: string; since: number };
/** A maker that has not finished in this long is presumed dead, whichever machine it ran on. */
const LOCK_STALE_MS = 30 * 60_000;

function lockIsStale(owner: LockOwner): boolean {
  if (Date.now() - owner.since > LOCK_STALE_MS) return true;
  if (owner.host !== hostname()) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * One release at a time across every process sharing the folder. A lock left
 * by a process that died (kill -9, a crash) is taken over. Waits up to
 * `waitMs` for a live holder; returns null if it is still busy then. `name`:
 * another lock in the same folder (the publication schedule's).
 */
export async function acquireLock(root: string, waitMs = 0, name = ".lock"): Promise<(() => void) | null> {
  mkdirSync(root, { recursive: true });
  const file = join(root, name);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, host: hostname(), since: Date.now() } satisfies LockOwner), { flag: "wx" });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let owner: LockOwner | null = null;
    try {
      owner = JSON.parse(readFileSync(file, "utf8")) as LockOwner;
    } catch {
      // Half-written by its owner a moment ago, or removed meanwhile: look again.
    }
    if (owner && lockIsStale(owner)) {
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Removes what a maker that died left behind; call only while holding the lock. */
export function removePartials(root: string): string[] {
  if (!existsSync(root)) return [];
  const partial = readdirSync(root).filter((name) => name.startsWith(".partial-") || name.startsWith(".current-"));
  for (const name of partial) rmSync(join(root, name), { recursive: true, force: true });
  return partial;
}

/** Keeps the newest `keep` releases and the live one; call only while holding the lock. */
export function pruneReleases(root: string, keep: number): string[] {
  const live = currentRelease(root);
  const ids = listReleases(root).map((r) => r.id);
  const old = ids.slice(0, Math.max(0, ids.length - keep)).filter((id) => id !== live);
  for (const id of old) rmSync(join(root, id), { recursive: true, force: true });
  return old;
}
