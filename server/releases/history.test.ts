import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addMissingDocuments, commitPublished, commitSaved, markPurged, SAVED_REF, savedHead, upkeepHistory } from "./history.ts";
import { fileHistory, filesAtCommit } from "./history-reads.ts";

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
  it("reads a file's versions from each commit's own change, as git's objects name them, across publications and a purge", async () => {
    const dir = repository();
    const save = (text: string | null, message: string) => commitSaved(dir, { changes: new Map([["a.md", text]]), author: anna, message, action: text === null ? "delete" : "save" });
    const saved1 = await save("second\n", "Первое");
    // A publication of everything saved: its tree is the saved one's, so git passes over it.
    await commitPublished(dir, { base: saved1, changes: new Map([["a.md", Buffer.from("second\n")]]), alsoParent: saved1, author: anna, message: "Публикация", action: "publish" });
    await save(null, "Удалено");
    const saved3 = await save("again\n", "Снова");
    // A merge unlike both its parents (the file as published differs from the saved one): git lists it.
    await commitPublished(dir, { base: saved3, changes: new Map([["a.md", Buffer.from("as published\n")]]), alsoParent: saved3, author: anna, message: "Вторая публикация", action: "publish" });
    const history = await fileHistory(dir, ["a.md"], 100);
    // The blobs as `cat-file` names them at each commit (asked for two files, the second never there).
    const asked = await fileHistory(dir, ["a.md", "never.md"], 100);
    expect(history.map((c) => c.commit)).toEqual(asked.map((c) => c.commit));
    expect(history.map((c) => c.blobs)).toEqual(asked.map((c) => [c.blobs[0]]));
    expect(history.map((c) => c.blobs[0] === null)).toEqual(history.map((c) => c.subject === "Удалено"));
    expect(new Set(history.map((c) => c.subject))).toEqual(new Set(["Вторая публикация", "Снова", "Удалено", "Первое", "Начало"]));
    // Purged up to its deletion: the versions before it are no longer offered.
    const deletion = history.find((c) => c.subject === "Удалено")!;
    await markPurged(dir, "articles/a", deletion.commit);
    const after = await fileHistory(dir, ["a.md"], 100, "articles/a");
    expect(after.map((c) => c.subject)).toEqual(history.slice(0, history.indexOf(deletion)).map((c) => c.subject));
    expect(await fileHistory(dir, ["a.md"], 100, "articles/other")).toEqual(history);
  });
});

describe("the repository's upkeep for histories", () => {
  it("packs loose objects and writes a commit-graph with changed paths, and an entry's history reads the same after", async () => {
    const dir = mkdtempSync(join(tmpdir(), "content-"));
    const git = (...args: string[]) => execFileSync("git", ["-C", dir, "-c", "user.name=Тест", "-c", "user.email=t@localhost", ...args], { encoding: "utf8" });
    git("init", "-q");
    for (let i = 0; i < 120; i++) writeFileSync(join(dir, `e${i}.md`), `текст ${i}\n`);
    git("add", "-A");
    git("commit", "-qm", "Начало");
    for (let i = 0; i < 40; i++) {
      writeFileSync(join(dir, i % 4 === 0 ? "e1.md" : `e${i + 10}.md`), `правка ${i}\n`);
      git("commit", "-qam", `Правка ${i}`);
    }
    const before = await fileHistory(dir, ["e1.md"], 100);
    const loose = () => Number(/^count: (\d+)$/m.exec(git("count-objects", "-v"))?.[1]);
    expect(loose()).toBeGreaterThan(200);
    await upkeepHistory(dir);
    expect(loose()).toBe(0);
    // The graph's filters of changed paths: git's log passes over the commits that did not touch
    // the file without reading their trees, and says so in its trace.
    const trace = join(dir, "trace.json");
    const log = execFileSync("git", ["-C", dir, "log", "--format=%H", "--", "e1.md"], { encoding: "utf8", env: { ...process.env, GIT_TRACE2_EVENT: trace } });
    expect(log.trim().split("\n")).toHaveLength(11);
    const bloom = readFileSync(trace, "utf8").split("\n").filter((line) => line.includes('"category":"bloom"')).map((line) => (JSON.parse(line) as { value: { definitely_not: number } }).value);
    expect(bloom[0]?.definitely_not).toBeGreaterThan(20);
    expect(await fileHistory(dir, ["e1.md"], 100)).toEqual(before);
  });
});

describe("who the history names", () => {
  it("names the agency for commits the repository's .mailmap gives to it (the demo content's English authors)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "content-"));
    writeFileSync(join(dir, "a.md"), "first\n");
    writeFileSync(join(dir, ".mailmap"), "Ориентир <publish@localhost> <engineer@orientir.agency>\n");
    execFileSync("git", ["-C", dir, "init", "-q"]);
    execFileSync("git", ["-C", dir, "add", "-A"]);
    execFileSync("git", ["-C", dir, "-c", "user.name=Founding Engineer", "-c", "user.email=engineer@orientir.agency", "commit", "-qm", "Content"]);
    const [commit] = await fileHistory(dir, ["a.md"], 10);
    expect(commit).toMatchObject({ name: "Ориентир", email: "publish@localhost" });
  });
});
