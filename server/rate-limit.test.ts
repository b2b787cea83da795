import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress, createRateLimiter, rateLimitKey } from "./rate-limit.ts";

describe("createRateLimiter", () => {
  it("allows a burst, then the sustained rate, per key", () => {
    const limiter = createRateLimiter({ perMinute: 60, burst: 3 });
    const at = 1_000_000;
    expect([1, 2, 3].map(() => limiter.take("a", at).allowed)).toEqual([true, true, true]);
    expect(limiter.take("a", at)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.take("b", at).allowed).toBe(true);
    expect(limiter.take("a", at + 1_000).allowed).toBe(true);
    expect(limiter.take("a", at + 1_000).allowed).toBe(false);
  });

  it("says how long to wait", () => {
    const limiter = createRateLimiter({ perMinute: 2, burst: 1 });
    limiter.take("a", 0);
    expect(limiter.take("a", 0)).toEqual({ allowed: false, retryAfterSeconds: 30 });
  });

  it("is off at 0 per minute", () => {
    const limiter = createRateLimiter({ perMinute: 0, burst: 1 });
    expect(Array.from({ length: 10 }, () => limiter.take("a").allowed).every(Boolean)).toBe(true);
  });

  it("stays bounded under a flood of addresses", () => {
    const limiter = createRateLimiter({ perMinute: 60, burst: 5, maxKeys: 1_000 });
    for (let i = 0; i < 10_000; i += 1) limiter.take(`10.0.${i >> 8}.${i & 255}`, 0);
    expect(limiter.size).toBeLessThanOrEqual(1_000);
  });
});

describe("clientAddress", () => {
  const request = (remoteAddress: string, forwardedFor?: string) =>
    ({ socket: { remoteAddress }, headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} }) as unknown as IncomingMessage;

  it("is the TCP peer without trusted proxies, whatever X-Forwarded-For claims", () => {
    expect(clientAddress(request("203.0.113.9", "1.1.1.1"), 0)).toBe("203.0.113.9");
  });

  it("is the entry added by the outermost trusted proxy", () => {
    expect(clientAddress(request("10.0.0.2", "6.6.6.6, 198.51.100.7"), 1)).toBe("198.51.100.7");
    expect(clientAddress(request("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.9"), 2)).toBe("198.51.100.7");
    expect(clientAddress(request("10.0.0.2"), 1)).toBe("10.0.0.2");
  });
});

describe("rateLimitKey", () => {
  it.each([
    ["198.51.100.7", "198.51.100.7"],
    ["::ffff:198.51.100.7", "198.51.100.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::9", "2001:db8:1:2::/64"],
    ["2001:0db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("%s → %s", (address, key) => expect(rateLimitKey(address)).toBe(key));
});
