import { describe, expect, it } from "vitest";
import { DEFAULT_VIEWPORT, viewportCookie, viewportFor } from "./viewport.ts";

describe("viewport", () => {
  it("uses min-width breakpoints 768 and 1440", () => {
    expect(viewportFor(320)).toBe("mobile");
    expect(viewportFor(375)).toBe("mobile");
    expect(viewportFor(767)).toBe("mobile");
    expect(viewportFor(768)).toBe("tablet");
    expect(viewportFor(1280)).toBe("tablet");
    expect(viewportFor(1439)).toBe("tablet");
    expect(viewportFor(1440)).toBe("desktop");
    expect(viewportFor(2560)).toBe("desktop");
  });
  it("defaults to desktop", () => {
    expect(DEFAULT_VIEWPORT).toBe("desktop");
  });
  it("keeps the choice for 365 days, site-wide, strict and secure", () => {
    expect(viewportCookie("mobile")).toBe("viewport=mobile; Max-Age=31536000; Path=/; SameSite=Strict; Secure");
  });
});
