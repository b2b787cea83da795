import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addMissingDocuments, commitSaved, fileHistory, filesAtCommit, SAVED_REF, savedHead } from "./history.ts";

describe("a content folder made by an older version", () => {
  it("gets the documents it lacks from the shipped content, and keeps its own", async () => {
    const seed = mkdtempSync(join(tmpdir(), "seed-"));
    const dir = mkdtempSync(join(tmpdir(), "volume-"));
    writeFileSync(join(seed, "navigation.yaml"), "main: []\n");
    writeFileSync(join(seed, "pages.yaml"), "shipped\n");
    writeFileSync(join(dir, "pages.yaml"), "edited by the agency\n");
    expect(await addMissingDocuments(dir, seed, ["navigation.yaml", "pages.yaml", "absent.yaml"])).toEqual(["navigation.yaml"]);
    expect(readFileSync(join(dir, "navigation.yaml"), "utf8")).toBe("main: []\n");
    expect(readFileSync(join(dir, "pages.yaml"), "utf8")).toBe("edited by the agency\n");
    expect(await addMissingDocuments(dir, seed, ["navigation.yaml"])).toEqual([]);
  });
});

describe("the saved line (an entry's history)", () => {
  function repository(): string {
    const dir = mkdtempSync(join(tmpdir(), "content-"));
    writeFileSync(join(dir, "a.md"), "first\n");
    execFileSync("git", ["-C", dir, "init", "-q"]);
    execFileSync("git", ["-C", dir, "add", "-A"]);
    execFileSync("git", ["-C", dir, "-c", "user.name=Тест", "-c", "user.email=t@localhost", "commit", "-qm", "Начало"]);
    return dir;
  }
  const anna = { name: "Анна", email: "anna@studio.invalid" };

  it("records each save with its author and action, never touching the work tree, newest first", async () => {
    const dir = repository();
    await commitSaved(dir, { changes: new Map([["a.md", "second\n"]]), author: anna, message: "Сохранено: «А»", action: "save" });
    await commitSaved(dir, { changes: new Map([["a.md", null]]), author: anna, message: "Удалено: «А»", action: "delete" });
    expect(readFileSync(join(dir, "a.md"), "utf8")).toBe("first\n");
    expect(execFileSync("git", ["-C", dir, "status", "--porcelain"], { encoding: "utf8" })).toBe("");
    const history = await fileHistory(dir, ["a.md"], 10);
    expect(history.map((c) => [c.action, c.name, c.subject, c.blobs[0] === null])).toEqual([
      ["delete", "Анна", "Удалено: «А»", true],
      ["save", "Анна", "Сохранено: «А»", false],
      [null, "Тест", "Начало", false],
    ]);
    expect(await filesAtCommit(dir, history[1]!.commit, ["a.md"])).toEqual(["second\n"]);
  });

  it("puts a save on top of one another server made meanwhile, losing neither", async () => {
    const dir = repository();
    await commitSaved(dir, { changes: new Map([["a.md", "mine\n"]]), author: anna, message: "Моё", action: "save" });
    const head = await savedHead(dir);
    // Another server sharing the repository saved meanwhile: the next save goes on top of it.
    const theirs = execFileSync("git", ["-C", dir, "commit-tree", `${head}^{tree}`, "-p", head!, "-m", "Их"], { encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "Б", GIT_AUTHOR_EMAIL: "b@x", GIT_COMMITTER_NAME: "Б", GIT_COMMITTER_EMAIL: "b@x" } }).trim();
    execFileSync("git", ["-C", dir, "update-ref", SAVED_REF, theirs]);
    await commitSaved(dir, { changes: new Map([["b.md", "new\n"]]), author: anna, message: "Ещё", action: "save" });
    const log = execFileSync("git", ["-C", dir, "log", "--format=%s", SAVED_REF], { encoding: "utf8" }).trim().split("\n");
    expect(log).toEqual(["Ещё", "Их", "Моё", "Начало"]);
  });
});
