import { describe, expect, it } from "vitest";
import type { StaticFile } from "../static-files.ts";
import { releaseFiles } from "./release-files.ts";

describe("a release's files, made into answers when asked for", () => {
  const code = new Map<string, StaticFile>([
    ["/assets/app.js", { body: Buffer.from("app"), type: "text/javascript", etag: '"app"', cacheControl: "public, max-age=31536000, immutable" }],
    ["/robots.txt", { body: Buffer.from("code's"), type: "text/plain", etag: '"code"', cacheControl: "no-cache" }],
  ]);
  const files = releaseFiles("/releases/r1", {
    "/services/index.html": { hash: "abc", size: 2048, compressed: true },
    "/robots.txt": { hash: "rob", size: 40, compressed: false },
  }, code);

  it("answers a page with its file, its compressed variants, ETag and cache policy", () => {
    expect(files.get("/services/index.html")).toEqual({
      body: { path: "/releases/r1/files/services/index.html" },
      br: { path: "/releases/r1/files/services/index.html.br" },
      gzip: { path: "/releases/r1/files/services/index.html.gz" },
      type: "text/html; charset=utf-8",
      etag: '"abc"',
      cacheControl: "no-cache",
    });
  });

  it("puts the release's file over the code build's of the same address, and keeps the build's others", () => {
    expect(files.get("/robots.txt")).toMatchObject({ body: { path: "/releases/r1/files/robots.txt" }, etag: '"rob"' });
    expect(files.get("/robots.txt")).not.toHaveProperty("br");
    expect(files.get("/assets/app.js")?.etag).toBe('"app"');
    expect(files.get("/nothing/")).toBeUndefined();
    expect(files.has("/assets/app.js") && files.has("/services/index.html") && !files.has("/constructor")).toBe(true);
    expect(files.get("constructor")).toBeUndefined();
  });

  it("lists every address once", () => {
    expect([...files.keys()].sort()).toEqual(["/assets/app.js", "/robots.txt", "/services/index.html"]);
    expect(files.size).toBe(3);
    expect([...files].map(([path]) => path).sort()).toEqual([...files.keys()].sort());
  });
});
