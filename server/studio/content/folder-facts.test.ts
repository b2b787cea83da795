import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { hashBytes } from "#core/content/load.server.ts";
import { contentFileHashes, listSlugs, removeContentFile, writeContentFile } from "./files.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A content folder with two articles, under git as the studio's is. */
function content(): string {
  const dir = mkdtempSync(join(tmpdir(), "folder-facts-"));
  dirs.push(dir);
  mkdirSync(join(dir, "academy"));
  writeFileSync(join(dir, "academy", "one.md"), "---\ntitle: Один\n---\nТекст\n");
  writeFileSync(join(dir, "academy", "two.md"), "---\ntitle: Два\n---\nТекст\n");
  const git = (...args: string[]) => execFileSync("git", ["-C", dir, "-c", "user.name=Тест", "-c", "user.email=test@localhost", ...args], { stdio: "pipe" });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-q", "-m", "Два");
  return dir;
}

const HOUR = 3_600_000;
const later = () => Date.now() + HOUR;

describe("what the studio knows of a collection's folder while it stays the same", () => {
  it("sees a save, a new entry and a deletion at once, though it keeps the folder's names and hashes between them", () => {
    const dir = content();
    expect(listSlugs(dir, "articles", later())).toEqual(["one", "two"]);
    expect(contentFileHashes(dir, later())["academy/one.md"]).toBe(hashBytes("---\ntitle: Один\n---\nТекст\n"));
    writeContentFile(dir, "academy/one.md", "---\ntitle: Один, правка\n---\nТекст\n");
    expect(contentFileHashes(dir, later())["academy/one.md"]).toBe(hashBytes("---\ntitle: Один, правка\n---\nТекст\n"));
    writeContentFile(dir, "academy/three.md", "---\ntitle: Три\n---\n");
    removeContentFile(dir, "academy/two.md");
    expect(listSlugs(dir, "articles", later())).toEqual(["one", "three"]);
    expect(Object.keys(contentFileHashes(dir, later())).filter((path) => path.startsWith("academy/"))).toEqual(["academy/one.md", "academy/three.md"]);
  });

  it("sees what git puts back (a version restored from the history)", () => {
    const dir = content();
    const before = contentFileHashes(dir, later())["academy/one.md"];
    writeContentFile(dir, "academy/one.md", "---\ntitle: Один, правка\n---\n");
    expect(contentFileHashes(dir, later())["academy/one.md"]).not.toBe(before);
    execFileSync("git", ["-C", dir, "checkout", "-q", "HEAD", "--", "academy/one.md"]);
    expect(contentFileHashes(dir, later())["academy/one.md"]).toBe(before);
  });

  it("reads a folder changed in the last two seconds again each time, even a file written in place", () => {
    const dir = content();
    const now = Date.now();
    expect(contentFileHashes(dir, now)["academy/two.md"]).toBe(hashBytes("---\ntitle: Два\n---\nТекст\n"));
    writeFileSync(join(dir, "academy", "two.md"), "---\ntitle: Два!\n---\nТекст\n");
    expect(contentFileHashes(dir, now)["academy/two.md"]).toBe(hashBytes("---\ntitle: Два!\n---\nТекст\n"));
  });
});
