import { gitText } from "./git.ts";
import { ACTION_TRAILER, type CommitAction, git, hasCommit, headCommit, PUBLISHED_REF, PURGED_PREFIX, type Place, place, readBlobs, SAVED_REF, savedHead } from "./history.ts";

/**
 * Reads of the content's history (server/releases/history.ts writes its lines): an entry's
 * commits and its files at one of them, who saved each file last, the saved line's commits with
 * their changes, and the kept versions that name a text. Each is one or two git processes, kept
 * per head where it is asked often.
 */

export type FileCommit = { commit: string; at: number; name: string; email: string; action: CommitAction | null; subject: string; blobs: Array<string | null> };

/** The lines an entry's history is read from, and its purge boundary: one `for-each-ref`, not a `rev-parse` each. */
export async function historyRefs(top: string, purgedKey: string | undefined): Promise<{ lines: string[]; purged: string | null }> {
  const purgedRef = purgedKey === undefined ? null : `${PURGED_PREFIX}${purgedKey}`;
  const wanted = [SAVED_REF, PUBLISHED_REF, ...(purgedRef ? [purgedRef] : [])];
  const found = new Map<string, string>();
  for (const line of (await git(top, ["for-each-ref", "--format=%(refname) %(objectname)", ...wanted])).split("\n")) {
    const [name = "", id = ""] = line.split(" ");
    if (wanted.includes(name)) found.set(name, id);
  }
  const lines = [found.get(SAVED_REF), found.get(PUBLISHED_REF)].filter((id): id is string => id !== undefined);
  return { lines, purged: purgedRef ? (found.get(purgedRef) ?? null) : null };
}

/**
 * The commits that changed any of `paths` (under the content folder) on the
 * saved and published lines (and what they came from), newest first, each
 * with the blob ids of the paths at it (null: absent). At most `limit`.
 * With `purgedKey` (`type/slug`), only those newer than the entry's purge
 * boundary (markPurged).
 */
export async function fileHistory(dir: string, paths: readonly string[], limit: number, purgedKey?: string): Promise<FileCommit[]> {
  const where = await place(dir);
  if (!where) return [];
  const { lines: refs, purged } = await historyRefs(where.top, purgedKey);
  if (refs.length === 0) {
    const head = await headCommit(dir);
    if (!head) return [];
    refs.push(head);
  }
  const full = paths.map((path) => where.prefix + path);
  // One file (every entry but the tables): its blob at each commit is in the commit's own change
  // (`--raw` against the first parent: a commit is listed only where the file differs from it),
  // so no `cat-file` after the log. That second process was a fifth of the history's time.
  const single = full.length === 1;
  // Authors as mapped by the repository's .mailmap (%aN, %aE): the demo content's commits are the agency's.
  const format = `%x1e%H%x1f%at%x1f%aN%x1f%aE%x1f%(trailers:key=${ACTION_TRAILER},valueonly,separator=%x2C)%x1f%s%x1f`;
  const raw = single ? ["--raw", "--no-abbrev", "--no-renames", "--diff-merges=first-parent"] : [];
  const log = await gitText(where.top, ["-c", "core.quotePath=false", "log", `-n${limit}`, "--date-order", `--format=${format}`, ...raw, ...refs, "--", ...full], { maxBuffer: 1 << 28 });
  const commits: FileCommit[] = [];
  let told = single;
  for (const record of log.split("\x1e")) {
    if (!record.trim()) continue;
    const [commit = "", at = "0", name = "", email = "", action = "", subject = "", change = ""] = record.split("\x1f");
    if (purged !== null && commit === purged) break;
    const known = ["save", "delete", "restore", "publish", "rollback"].includes(action.trim()) ? (action.trim() as CommitAction) : null;
    // `:100644 100644 <old> <new> M\t<path>`: the new blob, all zeros where the file was removed.
    const blob = single ? /^:\d+ \d+ [0-9a-f]+ ([0-9a-f]{40}) /m.exec(change)?.[1] : undefined;
    if (blob === undefined) told = false;
    commits.push({ commit, at: Number(at) * 1000, name, email, action: known, subject, blobs: blob === undefined || /^0+$/.test(blob) ? [null] : [blob] });
  }
  // A commit without its change (none is expected) has its blobs asked like a table's.
  if (told || commits.length === 0) return commits;
  const queries = commits.flatMap((c) => full.map((path) => `${c.commit}:${path}`));
  const answers = (await gitText(where.top, ["cat-file", "--batch-check=%(objectname) %(objecttype)"], { input: queries.join("\n") + "\n" }))
    .split("\n")
    .filter(Boolean);
  commits.forEach((c, i) => {
    c.blobs = full.map((_, j) => {
      const answer = answers[i * full.length + j] ?? "";
      return answer.endsWith(" blob") ? answer.split(" ")[0]! : null;
    });
  });
  return commits;
}

/** Whether `commit` is a commit the entries' history knows (any line), so a client cannot name any object. */
export async function isHistoryCommit(dir: string, commit: string): Promise<boolean> {
  if (!/^[0-9a-f]{40}$/.test(commit)) return false;
  return hasCommit(dir, commit);
}

/** Files of the content folder as they were at `commit` (null where absent). */
export async function filesAtCommit(dir: string, commit: string, paths: readonly string[]): Promise<Array<string | null>> {
  const where = await place(dir);
  if (!where) return paths.map(() => null);
  return Promise.all(
    paths.map(async (path) => {
      try {
        return await gitText(where.top, ["show", `${commit}:${where.prefix}${path}`], { maxBuffer: 1 << 28 });
      } catch {
        return null;
      }
    }),
  );
}

/** Who saved a content file last on the saved line, and when (ms). */
export type LastChange = { name: string; email: string; at: number };

/**
 * Who saved each content file last on the saved line (the content's own
 * history before the studio's first save), from its last `limit` commits touching `under` (a folder of the content, all of it by default):
 * path under the content folder → the author and the commit's time.
 */
export async function lastChanges(dir: string, under = "", limit = 2_000): Promise<ReadonlyMap<string, LastChange>> {
  const where = await place(dir);
  if (!where) return new Map();
  // Before the studio's first save the saved line is the content's own history.
  const head = (await savedHead(dir)) ?? (await git(dir, ["rev-parse", "--verify", "-q", "HEAD"]).catch(() => ""));
  if (!head) return new Map();
  const scope = `${where.prefix}${under}` || ".";
  // A commit's history never changes: the log is read again only once the line has moved on
  // (git's log of 2,000 commits took a list of 5,000 articles 35 ms each time).
  const key = [where.top, head, scope, limit].join("\0");
  const known = lastKept.get(key);
  if (known) return known;
  const changes = await readLastChanges(where, head, scope, limit);
  if (lastKept.size >= LAST_KEPT_MAX) lastKept.delete(lastKept.keys().next().value as string);
  lastKept.set(key, changes);
  return changes;
}

const lastKept = new Map<string, ReadonlyMap<string, LastChange>>();
/** A line per folder listed, and a few lines before (a save moves it on). */
const LAST_KEPT_MAX = 64;

async function readLastChanges(where: Place, head: string, scope: string, limit: number): Promise<Map<string, LastChange>> {
  const changes = new Map<string, LastChange>();
  let log: string;
  try {
    log = await gitText(where.top, ["-c", "core.quotePath=false", "log", `-n${limit}`, "--format=%x1e%aN%x1f%aE%x1f%at", "--name-only", head, "--", scope], { maxBuffer: 1 << 28 });
  } catch {
    // A repository without a commit yet: nobody has changed anything.
    return changes;
  }
  for (const record of log.split("\x1e")) {
    const [header = "", ...paths] = record.split("\n").filter(Boolean);
    const [name = "", email = "", seconds = "0"] = header.split("\x1f");
    for (const path of paths) {
      const inside = path.startsWith(where.prefix) ? path.slice(where.prefix.length) : path;
      if (!changes.has(inside)) changes.set(inside, { name, email, at: Number(seconds) * 1000 });
    }
  }
  return changes;
}

/** A commit of the saved line: who, when, and the new blob of each content file it changed (null: removed). */
export type SavedCommit = LastChange & { changed: ReadonlyMap<string, string | null> };

/**
 * The saved line's last `limit` commits, newest first, each with its files' new blobs (one `git log
 * --raw`, kept per head like lastChanges): whose saves lie between what is published and what is
 * saved, file by file (issue 52: a publication names everyone whose change it takes live).
 */
export async function savedLog(dir: string, limit = 2_000): Promise<SavedCommit[]> {
  const where = await place(dir);
  if (!where) return [];
  const head = (await savedHead(dir)) ?? (await git(dir, ["rev-parse", "--verify", "-q", "HEAD"]).catch(() => ""));
  if (!head) return [];
  const key = [where.top, head, limit].join("\0");
  const known = logKept.get(key);
  if (known) return known;
  const log = await gitText(
    where.top,
    ["-c", "core.quotePath=false", "log", `-n${limit}`, "--format=%x1e%aN%x1f%aE%x1f%at%x1f", "--raw", "--no-abbrev", "--no-renames", "--diff-merges=first-parent", head, "--", where.prefix || "."],
    { maxBuffer: 1 << 28 },
  );
  const commits: SavedCommit[] = [];
  for (const record of log.split("\x1e")) {
    const [name = "", email = "", seconds = "", change = ""] = record.split("\x1f");
    if (!seconds) continue;
    const changed = new Map<string, string | null>();
    for (const match of change.matchAll(/^:\d+ \d+ [0-9a-f]+ ([0-9a-f]{40}) [A-Z]\d*\t(.+)$/gm)) {
      const [, blob = "", path = ""] = match;
      if (path.startsWith(where.prefix)) changed.set(path.slice(where.prefix.length), /^0+$/.test(blob) ? null : blob);
    }
    commits.push({ name, email, at: Number(seconds) * 1000, changed });
  }
  if (logKept.size >= 4) logKept.delete(logKept.keys().next().value as string);
  logKept.set(key, commits);
  return commits;
}

const logKept = new Map<string, SavedCommit[]>();

/** A kept version of a content file that names some text: the commit, its time (ms) and the file's path under the content folder. */
export type VersionNaming = { commit: string; at: number; path: string };

/**
 * The kept versions (saved and published lines) of content files that name
 * `needle` (an upload's `/uploads/<file>`), newest first: what «Медиа» must
 * not delete while a version that shows it can be restored. git's pickaxe
 * lists the commits where the text's count in a file changed; the file's new
 * blob there says whether that version names it (it was added) or not (removed).
 */
export async function versionsNaming(dir: string, needle: string, limit = 200): Promise<VersionNaming[]> {
  const where = await place(dir);
  if (!where) return [];
  const { lines } = await historyRefs(where.top, undefined);
  if (lines.length === 0) {
    const head = await headCommit(dir);
    if (!head) return [];
    lines.push(head);
  }
  // Asked again for the same lines (the card opened, then its deletion): git's pickaxe reads every
  // version of every file, 0.7 s at 5,000 articles (docs/studio.md, «At scale»), so the answer is kept.
  const key = [where.top, ...lines, needle, limit].join("\0");
  const known = namingKept.get(key);
  if (known) return known;
  const log = await gitText(
    where.top,
    ["-c", "core.quotePath=false", "log", `-n${limit}`, "--date-order", "--format=%x1e%H%x1f%at%x1f", "--raw", "--no-abbrev", "--no-renames", "--diff-merges=first-parent", `-S${needle}`, ...lines, "--", where.prefix || "."],
    { maxBuffer: 1 << 26 },
  );
  const found: Array<VersionNaming & { blob: string }> = [];
  for (const record of log.split("\x1e")) {
    const [commit = "", at = "0", change = ""] = record.split("\x1f");
    if (!commit) continue;
    for (const match of change.matchAll(/^:\d+ \d+ [0-9a-f]+ ([0-9a-f]{40}) [A-Z]\d*\t(.+)$/gm)) {
      const [, blob = "", path = ""] = match;
      if (/^0+$/.test(blob) || !path.startsWith(where.prefix)) continue;
      found.push({ commit, at: Number(at) * 1000, path: path.slice(where.prefix.length), blob });
    }
  }
  const blobs = await readBlobs(where.top, [...new Set(found.map((f) => f.blob))]);
  const naming = found.filter((f) => blobs.get(f.blob)?.includes(needle)).map(({ commit, at, path }) => ({ commit, at, path }));
  if (namingKept.size >= 64) namingKept.delete(namingKept.keys().next().value as string);
  namingKept.set(key, naming);
  return naming;
}

const namingKept = new Map<string, VersionNaming[]>();
