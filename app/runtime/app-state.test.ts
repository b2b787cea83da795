import { describe, expect, it } from "vitest";
import { appPhase, type AppState } from "./app-state.ts";

const base: AppState = { hydrated: true, navigating: false, routeError: null, chunkFailure: null };

describe("appPhase", () => {
  it("is hydrating until hydration completes", () => {
    expect(appPhase({ ...base, hydrated: false })).toBe("hydrating");
  });
  it("is loading while a navigation is in flight, idle otherwise", () => {
    expect(appPhase({ ...base, navigating: true })).toBe("loading");
    expect(appPhase(base)).toBe("idle");
  });
  it("is in error for a route error or an unrecovered chunk, whatever else is going on", () => {
    expect(appPhase({ ...base, navigating: true, routeError: { error: new Error("x"), at: "/a/" } })).toBe("error");
    expect(appPhase({ ...base, hydrated: false, chunkFailure: "/a/" })).toBe("error");
  });
});
