import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { hashBytes } from "#core/content/load.server.ts";
import { fileFacts } from "./file-facts.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function file(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "file-facts-"));
  dirs.push(dir);
  const path = join(dir, "entry.md");
  writeFileSync(path, text);
  return path;
}

const HOUR = 3_600_000;
const A = "a".repeat(24);
const B = "b".repeat(24);

describe("what the studio knows of a content file", () => {
  it("gives the hash of its bytes and the uploads its text names, each once", () => {
    const text = `![Один](/uploads/${A}.png)\n![Снова](/uploads/${A}.png)\n[Файл](/uploads/${B}.webp)\n/uploads/not-ours.png\n`;
    const path = file(text);
    expect(fileFacts(path, Date.now() + HOUR)).toEqual({ hash: hashBytes(text), uploads: [`${A}.png`, `${B}.webp`] });
  });

  it("sees a change of the same size made at the same second once the file's times say so", () => {
    const path = file(`/uploads/${A}.png`);
    const then = new Date(Date.now() - HOUR);
    utimesSync(path, then, then);
    expect(fileFacts(path, Date.now())?.uploads).toEqual([`${A}.png`]);
    // Same size, same modification time set back: the change time still moves, as any write moves it.
    writeFileSync(path, `/uploads/${B}.png`);
    utimesSync(path, then, then);
    expect(fileFacts(path, Date.now() + HOUR)?.uploads).toEqual([`${B}.png`]);
  });

  it("reads a file changed in the last two seconds again each time", () => {
    const path = file("один");
    const now = Date.now();
    expect(fileFacts(path, now)?.hash).toBe(hashBytes("один"));
    writeFileSync(path, "два!");
    expect(fileFacts(path, now)?.hash).toBe(hashBytes("два!"));
  });

  it("answers null for a file that is not there", () => {
    const path = file("x");
    rmSync(path);
    expect(fileFacts(path)).toBeNull();
  });
});
