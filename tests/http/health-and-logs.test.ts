import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcess } from "../support/in-process.ts";
import { get } from "../support/http.ts";

describe("health endpoints (production server)", () => {
  it("/healthz says the process is alive", async () => {
    const res = await get("/healthz");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("/readyz says it is ready, with each registered check", async () => {
    const res = await get("/readyz");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ready", checks: {} });
  });
});

describe("readiness checks and request logs (in-process)", () => {
  let app: Awaited<ReturnType<typeof startInProcess>>;
  let databaseUp = true;
  // The server's time, moved forward past a cached readiness result instead of waited for.
  let ahead = 0;
  beforeAll(async () => {
    app = await startInProcess({ TRUSTED_PROXY_HOPS: "1" }, { now: () => Date.now() + ahead });
    app.site.readiness.register("database", () => {
      if (!databaseUp) throw new Error("connection refused");
    });
  });
  afterAll(() => app.close());

  it("/readyz follows a registered dependency", async () => {
    const up = await fetch(`${app.url}/readyz`);
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ status: "ready", checks: { database: "ok" } });
    databaseUp = false;
    ahead += 1_100; // past the result cache
    const down = await fetch(`${app.url}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "not ready", checks: { database: "failed" } });
    databaseUp = true;
    const failure = (await app.logs()).find((line) => line.msg === "readiness check failed");
    expect(failure).toMatchObject({ level: "error", check: "database" });
  });

  it("logs one JSON line per request: id, method, path, status, timing, and nothing personal", async () => {
    const res = await fetch(`${app.url}/search/?q=ivan.petrov%40example.com`, {
      headers: { "User-Agent": "Visitor-Browser/1.0", Cookie: "viewport=mobile", "X-Forwarded-For": "203.0.113.77" },
    });
    expect(res.status).toBe(200);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = (await app.logs()).find((l) => l.msg === "request" && l.id === id);
    expect(line).toMatchObject({ level: "info", method: "GET", path: "/search/", status: 200 });
    expect(typeof line?.ms).toBe("number");
    const text = JSON.stringify(line);
    for (const personal of ["ivan", "example.com", "203.0.113.77", "127.0.0.1", "Visitor-Browser", "viewport"]) {
      expect(text).not.toContain(personal);
    }
  });

  it("keeps a request id set by a trusted proxy", async () => {
    const res = await fetch(`${app.url}/services/`, { headers: { "X-Request-Id": "lb-3f9a2c1d77" } });
    expect(res.headers.get("x-request-id")).toBe("lb-3f9a2c1d77");
    expect((await app.logs()).some((l) => l.id === "lb-3f9a2c1d77" && l.status === 200)).toBe(true);
  });

  it("does not log health probes", async () => {
    await fetch(`${app.url}/healthz`);
    expect((await app.logs()).some((l) => l.path === "/healthz")).toBe(false);
  });
});
