import { describe, expect, it } from "vitest";
import { mayReload, RELOAD_GUARD_MS } from "./reload-guard.ts";

describe("mayReload", () => {
  const now = 1_000_000;
  it("reloads with no entry, for another path, or once the entry expired", () => {
    expect(mayReload(null, "/a/", now)).toBe(true);
    expect(mayReload({ path: "/b/", expires: now + 5_000 }, "/a/", now)).toBe(true);
    expect(mayReload({ path: "/a/", expires: now }, "/a/", now)).toBe(true);
  });
  it("does not reload the same path within the guard", () => {
    expect(mayReload({ path: "/a/", expires: now + 1 }, "/a/", now)).toBe(false);
    expect(mayReload({ path: "/a/?q=1#h", expires: now + RELOAD_GUARD_MS }, "/a/?q=1#h", now)).toBe(false);
  });
  it("lasts 10 seconds", () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });
});
