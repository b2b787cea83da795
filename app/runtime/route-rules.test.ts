import { describe, expect, it } from "vitest";
import type { RouteRules } from "#core/lib/route-rules.ts";
import { ruleRedirect } from "./route-rules.ts";

const rules: RouteRules = {
  "/blog/**": { redirect: "/academy/**", status: 301 },
  "/price/": { redirect: "/services/#prices", status: 301 },
  "/telegram/": { redirect: "https://t.me/orientir_agency", status: 302 },
};

describe("ruleRedirect", () => {
  it("redirects internal targets keeping the hash", () => {
    expect(ruleRedirect(rules, "/blog/seo-basics/", "#part")).toEqual({ href: "/academy/seo-basics/#part", external: false });
    expect(ruleRedirect(rules, "/blog/seo-basics", "")).toEqual({ href: "/academy/seo-basics/", external: false });
  });
  it("keeps the target's own hash", () => {
    expect(ruleRedirect(rules, "/price/", "#other")).toEqual({ href: "/services/#prices", external: false });
  });
  it("marks external targets for a full page load", () => {
    expect(ruleRedirect(rules, "/telegram", "")).toEqual({ href: "https://t.me/orientir_agency", external: true });
  });
  it("leaves other paths alone", () => {
    expect(ruleRedirect(rules, "/academy/seo-basics/", "")).toBeNull();
  });
});
