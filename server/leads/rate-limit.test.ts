import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.ts";

describe("createRateLimiter", () => {
  it("allows the limit per window, then says how long to wait", () => {
    const limiter = createRateLimiter(2, 60_000);
    expect(limiter.hit("a", 0)).toBeNull();
    expect(limiter.hit("a", 1_000)).toBeNull();
    expect(limiter.hit("a", 1_500)).toBe(59);
    expect(limiter.hit("b", 1_500)).toBeNull();
    expect(limiter.hit("a", 60_000)).toBeNull();
  });
});
