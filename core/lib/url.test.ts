import { describe, expect, it } from "vitest";
import { canonicalPathname, linkHref, NavigationRefusedError, resolveNavigation, safeLocation } from "./url.ts";

describe("canonicalPathname", () => {
  it.each([
    ["/services", "/services/"],
    ["/services/", "/services/"],
    ["//services//seo", "/services/seo/"],
    ["/", "/"],
    ["/academy/rss.xml", "/academy/rss.xml"],
    ["/assets/entry-abc.js", "/assets/entry-abc.js"],
    ["/services/_.data", "/services/_.data"],
    ["/__manifest", "/__manifest"],
  ])("%s → %s", (input, expected) => {
    expect(canonicalPathname(input)).toBe(expected);
  });
});

describe("linkHref", () => {
  it("adds the slash and keeps query and hash", () => {
    expect(linkHref("/a?x=1#h")).toBe("/a/?x=1#h");
    expect(linkHref("/services")).toBe("/services/");
  });
  it.each(["https://t.me/x", "mailto:hello@example.com", "tel:+74951234567", "//cdn.example.com/a", "#top", "?page=2"])(
    "leaves %s alone",
    (href) => expect(linkHref(href)).toBe(href),
  );
});

describe("resolveNavigation", () => {
  it("collapses double slashes before deciding, so //evil.com stays on the site", () => {
    expect(resolveNavigation("//evil.com")).toEqual({ external: false, href: "/evil.com" });
    expect(resolveNavigation("//services//seo?x=1#faq")).toEqual({ external: false, href: "/services/seo/?x=1#faq" });
  });
  it("refuses external URLs unless marked external", () => {
    expect(() => resolveNavigation("https://evil.com/")).toThrow("Navigating to an external URL is not allowed");
    expect(resolveNavigation("https://t.me/x", { external: true })).toEqual({ external: true, href: "https://t.me/x" });
  });
  it.each(["javascript:alert(1)", "JaVaScRiPt:alert(1)", " java\tscript:alert(1)", "data:text/html,x", "vbscript:x", "blob:https://a/b"])(
    "refuses the script-like %s even when marked external",
    (to) => {
      expect(() => resolveNavigation(to, { external: true })).toThrow(NavigationRefusedError);
      expect(() => resolveNavigation(to, { external: true })).toThrow(/protocol/);
    },
  );
});

describe("safeLocation", () => {
  it("never produces a protocol-relative or backslash location", () => {
    expect(safeLocation("//evil.com/")).toBe("/evil.com/");
    expect(safeLocation("/\\evil.com/")).toBe("/%5Cevil.com/");
  });
  it("keeps the query but encodes bytes that cannot stand in a header", () => {
    expect(safeLocation("/services/", "?utm_source=x&a=1")).toBe("/services/?utm_source=x&a=1");
    expect(safeLocation("/a/", "?x=\r\nSet-Cookie:1")).toBe("/a/?x=%0D%0ASet-Cookie:1");
  });
});
