import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gitText, runGit } from "./git.ts";

/**
 * Content is kept in git: a release records the commit it was made from, and
 * publishing content that is not committed yet commits it first, with the
 * author and message of the publication. In a checkout the content folder is
 * part of the project's repository; in the Docker image it is a repository of
 * its own on a volume, made from the image's content on first start.
 */

/** Used when git knows no committer: a server has no user of its own. */
const COMMITTER = { name: "Ориентир", email: "publish@localhost" };

export type Author = { name: string; email: string };

export async function git(dir: string, args: string[], input?: string): Promise<string> {
  return (await gitText(dir, args, { input })).trim();
}

/** The repository's top folder, or null when the folder is not in one (or git is missing). */
export async function repositoryOf(dir: string): Promise<string | null> {
  try {
    return await git(dir, ["rev-parse", "--show-toplevel"]);
  } catch {
    return null;
  }
}

/** The committer git knows (user.name, user.email), else the site's own. */
export async function gitAuthor(dir: string): Promise<Author> {
  try {
    return { name: await git(dir, ["config", "user.name"]), email: await git(dir, ["config", "user.email"]) };
  } catch {
    return COMMITTER;
  }
}

async function identity(dir: string): Promise<string[]> {
  const known = await gitAuthor(dir);
  return known === COMMITTER ? ["-c", `user.name=${COMMITTER.name}`, "-c", `user.email=${COMMITTER.email}`] : [];
}

/**
 * Commits whatever changed under `dir` (only there) and returns the commit
 * the content now stands at; null when the folder is not under git.
 */
export async function commitContent(dir: string, author: Author, message: string): Promise<string | null> {
  if (!(await repositoryOf(dir))) return null;
  if ((await git(dir, ["status", "--porcelain", "--", "."])) !== "") {
    await git(dir, ["add", "-A", "--", "."]);
    await git(dir, [...(await identity(dir)), "commit", "-q", "--no-verify", `--author=${author.name} <${author.email}>`, "-F", "-", "--", "."], message);
  }
  return headCommit(dir);
}

export async function headCommit(dir: string): Promise<string | null> {
  try {
    return await git(dir, ["rev-parse", "HEAD"]);
  } catch {
    return null;
  }
}

/**
 * First start of a server whose content folder is elsewhere (a volume): the
 * folder gets the content shipped with the image and a repository of its own.
 */
export async function seedContent(dir: string, seed: string): Promise<boolean> {
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  mkdirSync(dir, { recursive: true });
  cpSync(seed, dir, { recursive: true });
  try {
    await git(dir, ["init", "-q"]);
    await commitContent(dir, COMMITTER, "Начальное содержимое сайта");
  } catch {
    // Without git the site still serves; releases then record no commit.
  }
  return true;
}

/**
 * Makes the content folder what it was at `commit`, as a new commit on top
 * (history keeps everything in between). What was saved but not committed is
 * committed first, so a rollback never loses an edit: it stays in history.
 */
export async function restoreContent(dir: string, commit: string, author: Author, message: string): Promise<string | null> {
  if (!(await repositoryOf(dir))) return null;
  await commitContent(dir, author, "Изменения, сохранённые до отката");
  await git(dir, ["restore", `--source=${commit}`, "--staged", "--worktree", "--", "."]);
  return commitContent(dir, author, message);
}

/** Paths under the content folder changed between two commits, with git's status letter (A, M, D, R…). */
export async function changedFiles(dir: string, from: string | null, to: string): Promise<Array<{ status: string; path: string }>> {
  const args = from ? ["diff", "--name-status", "--no-renames", from, to, "--", "."] : ["show", "--name-status", "--no-renames", "--format=", to, "--", "."];
  const top = await git(dir, ["rev-parse", "--show-prefix"]);
  return (await git(dir, ["-c", "core.quotePath=false", ...args]))
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [status = "", path = ""] = line.split("\t");
      return { status: status.slice(0, 1), path: path.startsWith(top) ? path.slice(top.length) : path };
    });
}

/** A file of the content folder as it was at `commit`; null where it did not exist. */
export async function fileAt(dir: string, commit: string, path: string): Promise<string | null> {
  try {
    return await git(dir, ["show", `${commit}:./${path}`]);
  } catch {
    return null;
  }
}

/**
 * A content folder made before a document existed (navigation.yaml came with
 * the studio's editor) gets the shipped one, committed, so its next release
 * loads. Returns the files added.
 */
export async function addMissingDocuments(dir: string, seed: string, files: readonly string[]): Promise<string[]> {
  const added = files.filter((file) => !existsSync(join(dir, file)) && existsSync(join(seed, file)));
  if (added.length === 0) return added;
  for (const file of added) cpSync(join(seed, file), join(dir, file));
  try {
    await commitContent(dir, COMMITTER, `Новые документы содержимого: ${added.join(", ")}`);
  } catch {
    // Without git the files are there all the same.
  }
  return added;
}


/**
 * What is on the site is committed apart from what is saved (decision 030):
 * every publication and rollback is a commit on this ref, whose tree is the
 * repository's with the content folder as published. A per-work-tree ref, so
 * checkouts sharing one repository each keep their own site's line.
 */
export const PUBLISHED_REF = "refs/worktree/published";

export type Place = { top: string; prefix: string };
/** Asked once per folder: each answer costs two git processes, and a folder's repository does not move while a process runs. */
const places = new Map<string, Place>();

/** The repository's top folder and the content folder's place in it ("content/", or "" on a volume). */
export async function place(dir: string): Promise<Place | null> {
  const known = places.get(dir);
  if (known) return known;
  const top = await repositoryOf(dir);
  // Not cached: a folder outside git may become a repository (a volume's first start).
  if (!top) return null;
  const found = { top, prefix: await git(dir, ["rev-parse", "--show-prefix"]) };
  places.set(dir, found);
  return found;
}

/** Whether `commit` is a commit of the content folder's repository (a release copied from elsewhere names another's). */
export async function hasCommit(dir: string, commit: string): Promise<boolean> {
  try {
    await git(dir, ["cat-file", "-e", `${commit}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

export async function publishedHead(dir: string): Promise<string | null> {
  try {
    return (await git(dir, ["rev-parse", "--verify", "-q", PUBLISHED_REF])) || null;
  } catch {
    return null;
  }
}

/** The git blob id of bytes: what `ls-tree` names a file by, to compare without reading the repository. */
export function blobId(bytes: Buffer): string {
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}

/** Files of the content folder at `commit`: path under the folder → blob id. */
export async function filesAt(dir: string, commit: string): Promise<Map<string, string>> {
  const where = await place(dir);
  if (!where) return new Map();
  const out = await gitText(where.top, ["ls-tree", "-r", "-z", commit, "--", where.prefix || "."], { maxBuffer: 1 << 30 });
  const files = new Map<string, string>();
  for (const line of out.split("\0")) {
    const match = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(line);
    if (match) files.set((match[2] as string).slice(where.prefix.length), match[1] as string);
  }
  return files;
}

/** The bytes of blobs, in one `cat-file --batch`. */
export async function readBlobs(dir: string, ids: readonly string[]): Promise<Map<string, Buffer>> {
  const blobs = new Map<string, Buffer>();
  if (ids.length === 0) return blobs;
  const out = await runGit(dir, ["cat-file", "--batch"], { input: ids.join("\n") + "\n", maxBuffer: 1 << 30 });
  let at = 0;
  for (const id of ids) {
    const end = out.indexOf(10, at);
    const [, , size] = out.subarray(at, end).toString("utf8").split(" ");
    const start = end + 1;
    blobs.set(id, out.subarray(start, start + Number(size)));
    at = start + Number(size) + 1;
  }
  return blobs;
}

/** How a commit of the studio says what it was: a trailer read back by the entries' history. */
export const ACTION_TRAILER = "Studio-Action";
export type CommitAction = "save" | "delete" | "restore" | "publish" | "rollback";
const withAction = (message: string, action: CommitAction | undefined) => (action ? `${message.trimEnd()}\n\n${ACTION_TRAILER}: ${action}\n` : message);

/** The tree of `base` (none: empty) with `changes` applied (path under the content folder → bytes, null for removed). */
async function treeWith(where: { top: string; prefix: string }, base: string | null, changes: ReadonlyMap<string, Buffer | string | null>): Promise<string> {
  const index = join(tmpdir(), `content-index-${process.pid}-${randomBytes(4).toString("hex")}`);
  const run = async (args: string[], stdin?: string | Buffer) => (await gitText(where.top, args, { input: stdin, env: { GIT_INDEX_FILE: index }, maxBuffer: 1 << 30 })).trim();
  try {
    await run(base ? ["read-tree", base] : ["read-tree", "--empty"]);
    // The files' objects side by side (as many at once as the git queue lets), their lines in order.
    const lines = await Promise.all(
      [...changes].map(async ([path, bytes]) => {
        const full = where.prefix + path;
        return bytes === null ? `0 ${"0".repeat(40)}\t${full}` : `100644 ${await run(["hash-object", "-w", "--stdin"], bytes)}\t${full}`;
      }),
    );
    if (lines.length > 0) await run(["update-index", "--index-info"], lines.join("\n") + "\n");
    return await run(["write-tree"]);
  } finally {
    rmSync(index, { force: true });
  }
}

async function commitTree(dir: string, where: { top: string }, tree: string, parents: readonly string[], author: Author, message: string): Promise<string> {
  const args = [...(await identity(dir)), "commit-tree", tree, ...parents.flatMap((p) => ["-p", p]), "-F", "-"];
  return (await gitText(where.top, args, { input: message, env: { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email } })).trim();
}

/**
 * Commits what is on the site on PUBLISHED_REF: the tree of `tree` (a
 * commit: a rollback takes the release's own), or the last published tree
 * with `changes` applied (path under the content folder → bytes, null for
 * removed). Parents: the published line, and `alsoParent` (the saved line
 * when everything saved was published). Returns the commit, or null outside git.
 */
export async function commitPublished(
  dir: string,
  input: {
    /** The commit `changes` are relative to (its tree is the starting point). */
    base: string | null;
    changes?: ReadonlyMap<string, Buffer | null>;
    tree?: string;
    alsoParent?: string | null;
    author: Author;
    message: string;
    action?: CommitAction;
  },
): Promise<string | null> {
  const where = await place(dir);
  if (!where) return null;
  const head = await publishedHead(dir);
  const tree = input.tree ? await git(dir, ["rev-parse", `${input.tree}^{tree}`]) : await treeWith(where, input.base, input.changes ?? new Map());
  const parents = [head ?? input.base, input.alsoParent].filter((p, i, all): p is string => typeof p === "string" && all.indexOf(p) === i);
  const commit = await commitTree(dir, where, tree, parents, input.author, withAction(input.message, input.action));
  await git(dir, ["update-ref", PUBLISHED_REF, commit]);
  return commit;
}

/**
 * Every save made in the studio is a commit on this ref (the entries'
 * history, decision 032): its tree is the last saved commit's with the
 * entry's files as saved. Like PUBLISHED_REF, per work tree.
 */
export const SAVED_REF = "refs/worktree/saved";

export async function savedHead(dir: string): Promise<string | null> {
  try {
    return (await git(dir, ["rev-parse", "--verify", "-q", SAVED_REF])) || null;
  } catch {
    return null;
  }
}

/**
 * Entries deleted for good («Удалить навсегда»): per entry (`type/slug`), the
 * newest commit of its history then. The entries' history shows nothing up to
 * it, so a purged text is offered by no screen, even once an entry with the
 * same address exists again. A ref per work tree, like SAVED_REF: it lives
 * with the history it masks. The texts stay in git (docs/studio.md says how
 * an admin removes them).
 */
export const PURGED_PREFIX = "refs/worktree/purged/";

/** The history boundary recorded for `key` (`type/slug`), if its entry was purged. */
export async function purgedBefore(dir: string, key: string): Promise<string | null> {
  try {
    return (await git(dir, ["rev-parse", "--verify", "-q", `${PURGED_PREFIX}${key}^{commit}`])) || null;
  } catch {
    return null;
  }
}

/** Records `commit` as the purge boundary of `key`, unless a newer one is there already. */
export async function markPurged(dir: string, key: string, commit: string): Promise<void> {
  if (!(await place(dir))) return;
  const before = await purgedBefore(dir, key);
  if (before && before !== commit) {
    const time = async (c: string) => Number(await git(dir, ["log", "-1", "--format=%ct", c]));
    if ((await time(before)) > (await time(commit))) return;
  }
  await git(dir, ["update-ref", `${PURGED_PREFIX}${key}`, commit]);
}

/**
 * Records a save (or a deletion, or a restored version) on SAVED_REF, never
 * touching the work tree or the index. Another server moving the ref in
 * between is noticed (update-ref with the old value) and the commit is made
 * again on top of its. Returns the commit, or null outside git.
 */
export async function commitSaved(
  dir: string,
  input: { changes: ReadonlyMap<string, string | null>; author: Author; message: string; action: CommitAction },
): Promise<string | null> {
  const where = await place(dir);
  if (!where) return null;
  for (let attempt = 0; ; attempt++) {
    const head = await savedHead(dir);
    const base = head ?? (await headCommit(dir));
    const tree = await treeWith(where, base, input.changes);
    const commit = await commitTree(dir, where, tree, base ? [base] : [], input.author, withAction(input.message, input.action));
    try {
      await git(dir, ["update-ref", SAVED_REF, commit, head ?? "0".repeat(40)]);
      return commit;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** Loose objects past which upkeepHistory packs them (git's own `gc --auto` waits for 6,700). */
const LOOSE_OBJECTS_TO_PACK = 200;

/**
 * Keeps the content's repository quick to read an entry's history from, as `git maintenance`
 * does: loose objects packed into a pack of their own, and a commit-graph that records each
 * commit's changed paths, with which `git log -- <file>` passes over the commits that did not
 * touch it without reading their trees. At 5,000 articles and 300 commits an entry's history
 * took 540 ms without them (docs/studio.md, «At scale»). Run by the studio in the background.
 */
export async function upkeepHistory(dir: string): Promise<void> {
  const where = await place(dir);
  if (!where) return;
  const counted = /^count: (\d+)$/m.exec(await git(where.top, ["count-objects", "-v"]));
  if (Number(counted?.[1] ?? 0) > LOOSE_OBJECTS_TO_PACK) await git(where.top, ["repack", "-d", "-q"]);
  // A chain of small files, one per run, merged as they grow: a run costs what was added since.
  await git(where.top, ["commit-graph", "write", "--reachable", "--changed-paths", "--split"]);
}
