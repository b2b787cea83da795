import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { prerenderedPaths, writeBuildIdentity } from "./build-identity.ts";

function clientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "build-identity-"));
  for (const page of ["", "services", "services/seo", "academy/a-b"]) {
    mkdirSync(join(dir, page), { recursive: true });
    writeFileSync(join(dir, page, "index.html"), "<html></html>");
  }
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "assets", "index.html.js"), "");
  return dir;
}

describe("build identity files", () => {
  it("lists prerendered pages by their addresses", () => {
    expect(prerenderedPaths(clientDir())).toEqual(["/", "/academy/a-b/", "/services/", "/services/seo/"]);
  });

  it("writes latest.json with the id and timestamp only, and the meta file with everything", () => {
    const dir = clientDir();
    const meta = {
      id: "0b5c",
      timestamp: 1_700_000_000_000,
      routeRules: { "/a/": { redirect: "/b/", status: 301 as const } },
      prerendered: ["/"],
    };
    writeBuildIdentity(dir, meta);
    expect(JSON.parse(readFileSync(join(dir, "builds", "latest.json"), "utf8"))).toEqual({ id: "0b5c", timestamp: 1_700_000_000_000 });
    expect(JSON.parse(readFileSync(join(dir, "builds", "meta", "0b5c.json"), "utf8"))).toEqual(meta);
  });
});
