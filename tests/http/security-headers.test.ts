import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { livePagePaths } from "#core/content/sitemap.server.ts";
import type { RedirectTable } from "../../server/redirect-table.ts";
import { startInProcess } from "../support/in-process.ts";
import { releasesFor } from "../support/releases.ts";
import { rawExchange, rawGet } from "../support/raw-http.ts";
import { cspDirectives, expectInlineScriptsAllowed, expectSecurityHeaders } from "../support/security.ts";
import { baseUrl, get } from "../support/http.ts";

const port = Number(new URL(baseUrl).port);

async function firstAsset(): Promise<string> {
  const html = await (await get("/")).text();
  const src = /(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error("no script asset on the home page");
  return src;
}

describe("security headers on every kind of response", () => {
  it.each([...livePagePaths(), "/error/"])("prerendered page %s, its inline scripts allowed by hash", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expectSecurityHeaders(res.headers, path);
    expectInlineScriptsAllowed(await res.text(), res.headers.get("content-security-policy") ?? "", path);
  });

  it.each([
    ["a 404 rendered on request", "/no-such-page/", 404],
    ["a failed validate rule", "/services/no-such-service/", 404],
    ["a filtered page rendered on request", "/search/?q=seo", 200],
  ])("%s (%s), its inline scripts allowed by hash", async (_, path, status) => {
    const res = await get(path, { headers: { "Accept-Encoding": "br" } });
    expect(res.status).toBe(status);
    expectSecurityHeaders(res.headers, path);
    expectInlineScriptsAllowed(await res.text(), res.headers.get("content-security-policy") ?? "", path);
  });

  it.each([
    ["slash redirect", "/services", 301],
    ["redirect table", "/academy/case-odezhda-lab-targeting", 301],
    ["external route rule", "/telegram/", 302],
    ["page data file", "/services/_.data", 200],
    ["data request rendered on request", "/no-such-page/_.data", 404],
    ["public file", "/favicon.svg", 200],
    ["missing asset", "/assets/no-such-chunk.js", 404],
    ["malformed address", "/%zz/", 400],
    ["liveness", "/healthz", 200],
    ["readiness", "/readyz", 200],
  ])("%s (%s)", async (_, path, status) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expectSecurityHeaders(res.headers, path);
  });

  it("a hashed asset, and its 304", async () => {
    const asset = await firstAsset();
    const res = await get(asset);
    expect(res.status).toBe(200);
    expectSecurityHeaders(res.headers, asset);
    const again = await get(asset, { headers: { "If-None-Match": res.headers.get("etag") ?? "" } });
    expect(again.status).toBe(304);
    expectSecurityHeaders(again.headers, `${asset} (304)`);
  });

  it("refusals: wrong method, too long, headers too large, unparsable", async () => {
    const replies = {
      405: await rawExchange(port, "DELETE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
      414: await rawGet(port, `/${"a".repeat(9_000)}`),
      431: await rawGet(port, "/", { Cookie: "a".repeat(20_000) }),
      400: await rawExchange(port, "GET /\0 HTTP/1.1\r\nHost: x\r\n\r\n"),
    };
    for (const [status, reply] of Object.entries(replies)) {
      expect(reply.status).toBe(Number(status));
      expectSecurityHeaders({ get: reply.header }, `${status}`);
    }
  });

  it("sends no third party when none is configured", async () => {
    const policy = (await get("/")).headers.get("content-security-policy") ?? "";
    expect(policy).not.toMatch(/yandex|https:/);
  });
});

describe("server errors and configuration (in-process)", () => {
  let app: Awaited<ReturnType<typeof startInProcess>>;
  beforeAll(async () => {
    const failing: RedirectTable = {
      get() {
        throw new Error("redirect table unavailable");
      },
    } as unknown as RedirectTable;
    app = await startInProcess({}, {}, (release) => ({ ...release, redirects: failing }));
    app.site.readiness.register("database", () => {
      throw new Error("connection refused");
    });
  });
  afterAll(() => app.close());

  it("a 500 shows the error page, with headers, and keeps the stack in the log", async () => {
    const res = await fetch(`${app.url}/services/`);
    expect(res.status).toBe(500);
    expectSecurityHeaders(res.headers, "500");
    const html = await res.text();
    expect(html).toContain("Сервер молчит, попробуйте обновить страницу");
    expect(html).not.toContain("redirect table unavailable");
    expectInlineScriptsAllowed(html, res.headers.get("content-security-policy") ?? "", "500");
    const line = (await app.logs()).find((l) => l.msg === "request failed");
    expect(line?.id).toBe(res.headers.get("x-request-id"));
    expect(JSON.stringify(line)).toContain("redirect table unavailable");
    expect((line?.error as { stack?: string }).stack).toMatch(/at /);
  });

  it("a 503 from readiness", async () => {
    const res = await fetch(`${app.url}/readyz`);
    expect(res.status).toBe(503);
    expectSecurityHeaders(res.headers, "503");
  });
});

describe("configured headers", () => {
  // A release for this configuration is made at start (every page rendered): 10–25 s alone, over a
  // minute beside test:full's sweeps of every page.
  it("allows Yandex Metrica only when its counter id is set, and HSTS can be left to a proxy", { timeout: 180_000 }, async () => {
    const app = await startInProcess({
      PUBLIC_METRIKA_ID: "12345678",
      HSTS_MAX_AGE: "0",
      SITE_ORIGIN: "https://orientir.example",
      ...releasesFor("metrika-orientir-example"),
    });
    try {
      const res = await fetch(`${app.url}/`);
      const csp = cspDirectives(res.headers.get("content-security-policy") ?? "");
      expect(csp.get("script-src")).toContain("https://mc.yandex.ru");
      expect(csp.get("connect-src")).toContain("https://mc.yandex.ru");
      expect(csp.get("img-src")).toContain("https://mc.yandex.ru");
      expect(csp.has("upgrade-insecure-requests")).toBe(true);
      expect(res.headers.get("strict-transport-security")).toBeNull();
    } finally {
      await app.close();
    }
  });
});
