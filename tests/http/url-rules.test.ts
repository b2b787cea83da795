import { describe, expect, it } from "vitest";
import { get, rawGet } from "../support/http.ts";

describe("trailing slashes and double slashes", () => {
  it("redirects a path without a trailing slash with 301", async () => {
    const res = await get("/services");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/services/");
  });

  it("keeps the query byte for byte", async () => {
    const res = await rawGet("/services?utm_source=x&a=1&b=%D1%8B+z");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/services/?utm_source=x&a=1&b=%D1%8B+z");
  });

  it("collapses repeated slashes in the same single redirect", async () => {
    const res = await rawGet("//services//seo");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/services/seo/");
    expect((await get("/services/seo/")).status).toBe(200);
  });

  it("never redirects files, build assets or data requests", async () => {
    expect((await get("/favicon.svg")).status).toBe(200);
    expect((await get("/services/_.data")).status).toBe(200);
    expect((await get("/assets/no-such-chunk.js")).status).toBe(404);
  });

  it("sends a mistyped case or underscore to the live page", async () => {
    const upper = await get("/Services/SEO/");
    expect(upper.status).toBe(301);
    expect(upper.headers.get("location")).toBe("/services/seo/");
    const underscore = await get("/services/web_analytics/?x=1");
    expect(underscore.status).toBe(301);
    expect(underscore.headers.get("location")).toBe("/services/web-analytics/?x=1");
  });

  it("never sends a crafted path off the site", async () => {
    for (const path of ["//evil.com", "///evil.com/", "/\\evil.com", "/%5Cevil.com", "/%2F%2Fevil.com"]) {
      const res = await rawGet(path);
      expect(res.status, path).toBeLessThan(500);
      const location = String(res.headers.location ?? "");
      if (location) expect(location, path).toMatch(/^\/(?![/\\])/);
    }
  });
});

describe("route rules", () => {
  it("applies an exact rule, keeping the query", async () => {
    const res = await get("/price?utm_campaign=q");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/services/?utm_campaign=q");
  });

  it("applies a wildcard rule", async () => {
    const res = await get("/blog/some-old-post/");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/academy/some-old-post/");
  });

  it("sends an external rule to its target", async () => {
    const res = await get("/telegram/?from=site");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://t.me/orientir_agency?from=site");
  });
});
