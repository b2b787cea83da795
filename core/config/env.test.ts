import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server.ts";

describe("parseEnv", () => {
  it("has working local defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.SITE_ORIGIN).toBe("http://localhost:3000");
    expect(env.PUBLIC_METRIKA_ID).toBeUndefined();
  });
  it("normalises the origin", () => {
    expect(parseEnv({ SITE_ORIGIN: "https://orientir.agency/" }).SITE_ORIGIN).toBe("https://orientir.agency");
  });
  it("names every invalid variable", () => {
    expect(() => parseEnv({ PORT: "abc", SITE_ORIGIN: "https://x.ru/path" })).toThrow(/PORT[\s\S]*SITE_ORIGIN/);
    expect(() => parseEnv({ PUBLIC_METRIKA_ID: "12ab" })).toThrow(/PUBLIC_METRIKA_ID/);
  });
  it("has hardened server defaults and checks their relations", () => {
    const env = parseEnv({});
    expect(env.HSTS_MAX_AGE).toBeGreaterThanOrEqual(31_536_000);
    expect(env.TRUSTED_PROXY_HOPS).toBe(0);
    expect(env.RATE_LIMIT_PER_MINUTE).toBeGreaterThan(0);
    expect(env.HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(env.REQUEST_TIMEOUT_MS);
    expect(() => parseEnv({ HEADERS_TIMEOUT_MS: "20000", REQUEST_TIMEOUT_MS: "10000" })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => parseEnv({ LOG_LEVEL: "debug" })).toThrow(/LOG_LEVEL/);
  });
});

describe("form settings", () => {
  it("reads retry delays and flags", () => {
    const env = parseEnv({ OUTBOX_RETRY_SCHEDULE: "250ms,5s,30m,2h", ANALYTICS_REQUIRE_CONSENT: "true" });
    expect(env.OUTBOX_RETRY_SCHEDULE).toEqual([250, 5_000, 1_800_000, 7_200_000]);
    expect(env.ANALYTICS_REQUIRE_CONSENT).toBe(true);
    expect(parseEnv({}).OUTBOX_RETRY_SCHEDULE.reduce((a, b) => a + b, 0) / 3_600_000).toBeGreaterThan(20);
  });
  it("needs a secret with the webhook, and well-formed addresses", () => {
    expect(() => parseEnv({ LEADS_WEBHOOK_URL: "https://crm.example/hook" })).toThrow(/LEADS_WEBHOOK_SECRET/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ OUTBOX_RETRY_SCHEDULE: "5 minutes" })).toThrow(/OUTBOX_RETRY_SCHEDULE/);
    expect(parseEnv({ DATABASE_URL: "", SMTP_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});

describe("studio settings", () => {
  it("is on by default with ASVS-sized session limits, and turns off with STUDIO=off", () => {
    const env = parseEnv({});
    expect(env.STUDIO).toBe(true);
    expect(env.STUDIO_SESSION_IDLE).toBe(30 * 60_000);
    expect(env.STUDIO_SESSION_LIFETIME).toBe(12 * 3_600_000);
    expect(parseEnv({ STUDIO: "off" }).STUDIO).toBe(false);
    expect(() => parseEnv({ STUDIO: "maybe" })).toThrow(/STUDIO/);
  });
  it("reads durations and refuses an idle timeout longer than the lifetime", () => {
    expect(parseEnv({ STUDIO_SESSION_IDLE: "2s" }).STUDIO_SESSION_IDLE).toBe(2_000);
    expect(() => parseEnv({ STUDIO_SESSION_IDLE: "half an hour" })).toThrow(/STUDIO_SESSION_IDLE/);
    expect(() => parseEnv({ STUDIO_SESSION_IDLE: "13h" })).toThrow(/STUDIO_SESSION_IDLE/);
  });
});
