import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GIT_AT_ONCE, gitLoad, gitText } from "./git.ts";

function repository(): string {
  const dir = mkdtempSync(join(tmpdir(), "git-"));
  writeFileSync(join(dir, "a.md"), "первая\n");
  execFileSync("git", ["-C", dir, "init", "-q"]);
  execFileSync("git", ["-C", dir, "add", "-A"]);
  execFileSync("git", ["-C", dir, "-c", "user.name=Тест", "-c", "user.email=t@localhost", "commit", "-qm", "Начало"]);
  return dir;
}

describe("git run from the server", () => {
  it("many histories asked at once start a few processes; the rest wait their turn and all are answered", async () => {
    const dir = repository();
    const asked = Array.from({ length: 12 }, () => gitText(dir, ["log", "--format=%s"]));
    expect(gitLoad()).toEqual({ running: GIT_AT_ONCE, waiting: 12 - GIT_AT_ONCE });
    expect(await Promise.all(asked)).toEqual(Array.from({ length: 12 }, () => "Начало\n"));
    expect(gitLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it("passes standard input and says why git failed", async () => {
    const dir = repository();
    const head = (await gitText(dir, ["rev-parse", "HEAD"])).trim();
    expect(await gitText(dir, ["cat-file", "--batch-check"], { input: `${head}\n` })).toMatch(/^[0-9a-f]{40} commit \d+\n$/);
    await expect(gitText(dir, ["show", "HEAD:absent.md"])).rejects.toThrow(/absent\.md/);
    expect(gitLoad().running).toBe(0);
  });

  it("stops git past the bound of its output, and past its time, and frees its place", async () => {
    const dir = repository();
    await expect(gitText(dir, ["log", "--format=%H%n%s"], { maxBuffer: 10 })).rejects.toThrow(/output over 10 bytes/);
    // A git that hangs (a stuck disk, a lock): a stand-in on PATH that never answers.
    const bin = mkdtempSync(join(tmpdir(), "stuck-git-"));
    writeFileSync(join(bin, "git"), "#!/bin/sh\nexec sleep 600\n");
    chmodSync(join(bin, "git"), 0o755);
    const started = performance.now();
    await expect(gitText(dir, ["status"], { env: { PATH: `${bin}:${process.env.PATH}` }, timeout: 300 })).rejects.toThrow(/timed out after 300 ms/);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(gitLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
