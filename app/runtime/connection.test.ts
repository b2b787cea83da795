import { describe, expect, it } from "vitest";
import { allowsPrefetch, allowsRouteRules } from "./connection.ts";

describe("connection checks", () => {
  it("prefetches unless data saver is on or the connection is 2g/slow-2g", () => {
    expect(allowsPrefetch(undefined)).toBe(true);
    expect(allowsPrefetch({ effectiveType: "4g", saveData: false })).toBe(true);
    expect(allowsPrefetch({ effectiveType: "3g" })).toBe(true);
    expect(allowsPrefetch({ effectiveType: "4g", saveData: true })).toBe(false);
    expect(allowsPrefetch({ effectiveType: "2g" })).toBe(false);
    expect(allowsPrefetch({ effectiveType: "slow-2g" })).toBe(false);
  });
  it("skips the route rules file only on slow-2g", () => {
    expect(allowsRouteRules({ effectiveType: "slow-2g" })).toBe(false);
    expect(allowsRouteRules({ effectiveType: "2g" })).toBe(true);
    expect(allowsRouteRules(undefined)).toBe(true);
  });
});
