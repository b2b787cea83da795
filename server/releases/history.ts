import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync } from "node:fs";

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

function git(dir: string, args: string[], input?: string): string {
  return execFileSync("git", ["-C", dir, ...args], {
    encoding: "utf8",
    input,
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, GIT_TERMINAL_PROMPT: "0" },
  }).trim();
}

/** The repository's top folder, or null when the folder is not in one (or git is missing). */
export function repositoryOf(dir: string): string | null {
  try {
    return git(dir, ["rev-parse", "--show-toplevel"]);
  } catch {
    return null;
  }
}

/** The committer git knows (user.name, user.email), else the site's own. */
export function gitAuthor(dir: string): Author {
  try {
    return { name: git(dir, ["config", "user.name"]), email: git(dir, ["config", "user.email"]) };
  } catch {
    return COMMITTER;
  }
}

function identity(dir: string): string[] {
  const known = gitAuthor(dir);
  return known === COMMITTER ? ["-c", `user.name=${COMMITTER.name}`, "-c", `user.email=${COMMITTER.email}`] : [];
}

/**
 * Commits whatever changed under `dir` (only there) and returns the commit
 * the content now stands at; null when the folder is not under git.
 */
export function commitContent(dir: string, author: Author, message: string): string | null {
  if (!repositoryOf(dir)) return null;
  if (git(dir, ["status", "--porcelain", "--", "."]) !== "") {
    git(dir, ["add", "-A", "--", "."]);
    git(dir, [...identity(dir), "commit", "-q", "--no-verify", `--author=${author.name} <${author.email}>`, "-F", "-", "--", "."], message);
  }
  return headCommit(dir);
}

export function headCommit(dir: string): string | null {
  try {
    return git(dir, ["rev-parse", "HEAD"]);
  } catch {
    return null;
  }
}

/**
 * First start of a server whose content folder is elsewhere (a volume): the
 * folder gets the content shipped with the image and a repository of its own.
 */
export function seedContent(dir: string, seed: string): boolean {
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  mkdirSync(dir, { recursive: true });
  cpSync(seed, dir, { recursive: true });
  try {
    git(dir, ["init", "-q"]);
    commitContent(dir, COMMITTER, "Начальное содержимое сайта");
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
export function restoreContent(dir: string, commit: string, author: Author, message: string): string | null {
  if (!repositoryOf(dir)) return null;
  commitContent(dir, author, "Изменения, сохранённые до отката");
  git(dir, ["restore", `--source=${commit}`, "--staged", "--worktree", "--", "."]);
  return commitContent(dir, author, message);
}

/** Paths under the content folder changed between two commits, with git's status letter (A, M, D, R…). */
export function changedFiles(dir: string, from: string | null, to: string): Array<{ status: string; path: string }> {
  const args = from ? ["diff", "--name-status", "--no-renames", from, to, "--", "."] : ["show", "--name-status", "--no-renames", "--format=", to, "--", "."];
  const top = git(dir, ["rev-parse", "--show-prefix"]);
  return git(dir, ["-c", "core.quotePath=false", ...args])
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [status = "", path = ""] = line.split("\t");
      return { status: status.slice(0, 1), path: path.startsWith(top) ? path.slice(top.length) : path };
    });
}

/** A file of the content folder as it was at `commit`; null where it did not exist. */
export function fileAt(dir: string, commit: string, path: string): string | null {
  try {
    return git(dir, ["show", `${commit}:./${path}`]);
  } catch {
    return null;
  }
}
