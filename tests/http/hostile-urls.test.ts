import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { livePagePaths } from "#core/content/sitemap.server.ts";
import { startInProcess } from "../support/in-process.ts";
import { FULL_RUN } from "../support/templates.ts";
import { ABSOLUTE_TARGETS, expectHarmless, HOSTILE_PATHS, variants } from "../support/hostile.ts";
import { rawGet } from "../support/raw-http.ts";
import { baseUrl } from "../support/http.ts";

const port = Number(new URL(baseUrl).port);
const label = (target: string) => JSON.stringify(target.length > 60 ? `${target.slice(0, 60)}…(${target.length})` : target);

describe("the hostile-URL corpus, against the production server", () => {
  it.each(HOSTILE_PATHS.map((path) => [label(path), path]))("%s and its variants are harmless", async (_, path) => {
    for (const target of variants(path)) {
      expectHarmless(await rawGet(port, target), target);
      expectHarmless(await rawGet(port, target, { Host: "evil.com", "X-Forwarded-Host": "evil.com" }), `${target} (Host: evil.com)`);
    }
  });

  it.each(ABSOLUTE_TARGETS)("absolute-form target %s keeps only its path", async (target) => {
    const reply = await rawGet(port, target, { Host: "evil.com" });
    expectHarmless(reply, target);
    expect(reply.header("location") ?? "/").toMatch(/^\/(?![/\\])/);
  });

  it("collapses a protocol-relative path into a path of ours", async () => {
    for (const target of ["//evil.com", "///evil.com", "//evil.com/"]) {
      const reply = await rawGet(port, target);
      expect(reply.status, target).toBe(301);
      expect(reply.header("location"), target).toMatch(/^\/evil\.com\/?$/);
    }
  });

  it("never serves a file from outside the build, nor an HTML page for a missing asset", async () => {
    for (const target of ["/assets/../../package.json", "/assets/%2e%2e/%2e%2e/etc/passwd", "/assets/..%2f..%2fpackage.json"]) {
      const reply = await rawGet(port, target);
      expect(reply.status, target).toBe(404);
      expect(reply.header("content-type"), target).toMatch(/^text\/plain/);
    }
  });

  it("refuses malformed escapes, NUL bytes and raw control characters with 400", async () => {
    for (const target of ["/%E0%A4%A", "/%", "/%zz", "/%00", "/services/%00/", "/\0evil.com", "/services\rX-Injected: 1"]) {
      expect((await rawGet(port, target)).status, label(target)).toBe(400);
    }
  });

  it("refuses a 9 KB target with 414 and 70 KB of headers with 431, headers included", async () => {
    const long = await rawGet(port, `/${"a".repeat(9 * 1024)}`);
    expect(long.status).toBe(414);
    const huge = await rawGet(port, `/${"a/".repeat(35 * 1024)}`);
    expect(huge.status).toBe(431);
    expect(huge.header("content-security-policy")).toContain("default-src 'none'");
  });

  it("keeps a CR/LF of a redirected URL encoded in Location", async () => {
    const reply = await rawGet(port, "/services?x=%0d%0aSet-Cookie:%20injected=1");
    expect(reply.status).toBe(301);
    expect(reply.header("location")).toBe("/services/?x=%0d%0aSet-Cookie:%20injected=1");
    expect(reply.header("set-cookie")).toBeUndefined();
  });

  it("is still up and serving afterwards", async () => {
    expect((await rawGet(port, "/")).status).toBe(200);
  });
});

// Long fuzzing is a sweep: 2,500 addresses per commit, 10,000 in `npm run test:full`.
const RUNS = FULL_RUN ? 10_000 : 2_500;

describe(`property: ${RUNS.toLocaleString("en")} generated request targets`, () => {
  let app: Awaited<ReturnType<typeof startInProcess>>;
  beforeAll(async () => {
    app = await startInProcess({ RATE_LIMIT_PER_MINUTE: "0", LOG_LEVEL: "error" });
  });
  afterAll(() => app.close());

  const fragment = fc.oneof(
    fc.constantFrom(
      "..", "%2e%2e", ".%2e", "%2f", "%2F", "%5c", "%5C", "\\", "evil.com", "@evil.com", "%0d%0a", "%0a", "%00", "%",
      "%zz", "%E0%A4%A", "%C0%AF", "%25", "%252e", ":", ";", "#", "?", "assets", "services", "index.html", "_.data", "",
    ),
    fc.constantFrom(...livePagePaths()).map((p) => p.slice(1, -1)),
    fc.string({ maxLength: 12 }),
    fc.string({ unit: "grapheme", maxLength: 6 }),
    fc.stringMatching(/^[\w%.~-]{0,16}$/),
  );
  const path = fc.tuple(fc.constantFrom("/", "//", "///", "/\\", "http://evil.com/", "/blog/", "/telegram/", "/assets/"), fc.array(fragment, { maxLength: 6 }), fc.constantFrom("", "/", "//"))
    .map(([start, parts, end]) => start + parts.join("/") + end);
  const query = fc.oneof(fc.constant(""), fc.string({ maxLength: 20 }).map((q) => `?${q}`), fc.constantFrom("?x=%0d%0aSet-Cookie:%20a=1", "?utm_source=x", "?_routes=root"));
  const host = fc.constantFrom("localhost", "evil.com", "localhost:3000@evil.com", "");

  it("no off-site Location, no 5xx, no injected header, no file from outside the build", async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(path, query, host, async (p, q, h) => {
        const target = p + q;
        sent += 1;
        expectHarmless(await rawGet(app.port, target, h ? { Host: h } : {}), target);
      }),
      { numRuns: RUNS },
    );
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    expect((await rawGet(app.port, "/")).status).toBe(200);
  }, 240_000);
});
