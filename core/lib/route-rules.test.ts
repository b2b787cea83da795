import { describe, expect, it } from "vitest";
import { matchRouteRule, type RouteRules } from "./route-rules.ts";

const rules: RouteRules = {
  "/blog/**": { redirect: "/academy/**", status: 301 },
  "/blog/special/": { redirect: "/services/seo/", status: 301 },
  "/blog/news/**": { redirect: "/events/", status: 301 },
  "/telegram/": { redirect: "https://t.me/orientir_agency", status: 302 },
};

describe("matchRouteRule", () => {
  it("maps a wildcard, carrying the rest of the path", () => {
    expect(matchRouteRule(rules, "/blog/seo-audit/")).toEqual({ target: "/academy/seo-audit/", status: 301, external: false });
    expect(matchRouteRule(rules, "/blog/")).toEqual({ target: "/academy/", status: 301, external: false });
  });
  it("prefers an exact rule, then the longest wildcard", () => {
    expect(matchRouteRule(rules, "/blog/special")?.target).toBe("/services/seo/");
    expect(matchRouteRule(rules, "/blog/news/2024/")?.target).toBe("/events/");
  });
  it("marks external targets", () => {
    expect(matchRouteRule(rules, "/telegram/")).toEqual({ target: "https://t.me/orientir_agency", status: 302, external: true });
  });
  it("does not match prefixes that are not path segments", () => {
    expect(matchRouteRule(rules, "/blogger/")).toBeNull();
  });
});
