import { describe, expect, it } from "vitest";
import { parseEnv } from "#core/config/env.server.ts";
import { studioConfig } from "./config.ts";
import { START_LIMIT_MS } from "./images/pool.ts";
import { clearedSessionCookie, sessionCookie, sessionIdFrom } from "./cookie.ts";
import type { IncomingMessage } from "node:http";

describe("the session cookie", () => {
  it("is Secure everywhere but plain http on this machine", () => {
    const secure = (origin: string) => studioConfig(parseEnv({ SITE_ORIGIN: origin })).secureCookie;
    expect(secure("https://orientir.agency")).toBe(true);
    expect(secure("http://orientir.agency")).toBe(true);
    expect(secure("https://localhost:3000")).toBe(true);
    expect(secure("http://localhost:3000")).toBe(false);
    expect(secure("http://127.0.0.1:8080")).toBe(false);
    expect(secure("http://[::1]:3000")).toBe(false);
  });

  it("holds only the id, for the studio's path, out of scripts' and other sites' reach", () => {
    expect(sessionCookie("a".repeat(43), true)).toBe(`studio_session=${"a".repeat(43)}; Path=/studio; HttpOnly; SameSite=Strict; Secure`);
    expect(clearedSessionCookie(false)).toBe("studio_session=; Path=/studio; HttpOnly; SameSite=Strict; Max-Age=0");
  });

  it("is read only when it looks like one of ours", () => {
    const from = (cookie: string) => sessionIdFrom({ headers: { cookie } } as IncomingMessage);
    const id = "Ab3_-".repeat(8) + "xyz";
    expect(from(`theme=dark; studio_session=${id}`)).toBe(id);
    expect(from("studio_session=short")).toBeNull();
    expect(from(`studio_session=${id.slice(0, 42)}'`)).toBeNull();
    expect(from(`other_studio_session=${id}`)).toBeNull();
  });
});

describe("the image pool's limits", () => {
  const pool = (env: Record<string, string>) => studioConfig(parseEnv(env)).images;

  it("answer an upload before the server cuts its silent socket, however long the settings", () => {
    expect(pool({})).toMatchObject({ jobs: 1, timeoutMs: 15_000, waitMs: 8_000 });
    const settings: Array<Record<string, string>> = [{}, { IMAGE_JOB_TIMEOUT: "1m" }, { IMAGE_QUEUE_WAIT: "1m" }, { REQUEST_TIMEOUT_MS: "20000" }];
    for (const env of settings) {
      const { timeoutMs, waitMs } = pool(env);
      expect(waitMs + START_LIMIT_MS + timeoutMs, JSON.stringify(env)).toBeLessThan(parseEnv(env).REQUEST_TIMEOUT_MS);
    }
  });

  it("share one memory budget between two jobs at once", () => {
    expect(pool({ IMAGE_JOBS: "2" }).memoryMb * 2).toBe(pool({}).memoryMb);
    expect(() => parseEnv({ IMAGE_JOBS: "3" })).toThrow(/IMAGE_JOBS/);
  });
});
