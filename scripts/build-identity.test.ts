import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { codeIdentity, writeCodeIdentity } from "./build-identity.ts";

function buildDir(serverCode: string): string {
  const dir = mkdtempSync(join(tmpdir(), "code-identity-"));
  for (const folder of ["runtime", "client/assets"]) mkdirSync(join(dir, folder), { recursive: true });
  writeFileSync(join(dir, "runtime", "index.js"), serverCode);
  writeFileSync(join(dir, "runtime", "server.js"), "listen()");
  return dir;
}

describe("the code build's id", () => {
  it("is the same for the same code and changes with the code that renders pages", () => {
    expect(codeIdentity(buildDir("render(1)"))).toBe(codeIdentity(buildDir("render(1)")));
    expect(codeIdentity(buildDir("render(1)"))).not.toBe(codeIdentity(buildDir("render(2)")));
  });

  it("ignores files that do not render pages (compressed variants, public files)", () => {
    const dir = buildDir("render(1)");
    const before = codeIdentity(dir);
    writeFileSync(join(dir, "client", "assets", "app.js.br"), "compressed");
    expect(codeIdentity(dir)).toBe(before);
  });

  it("is written to code.json", () => {
    const dir = buildDir("render(1)");
    const id = writeCodeIdentity(dir);
    expect(JSON.parse(readFileSync(join(dir, "code.json"), "utf8"))).toEqual({ id });
  });
});
