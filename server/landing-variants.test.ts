import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { createLandingVariants } from "./landing-variants.ts";
import type { LandingViewsStore } from "./leads/landing-views-store.ts";
import type { Logger } from "./log.ts";
import type { StaticFile } from "./static-files.ts";

/**
 * Which page of a landing a visitor is served (issue 59): a variant drawn only with analytics
 * consent and kept by the landing's own cookie, А and nothing counted otherwise; views written in
 * batches by Moscow day.
 */
const file = (name: string) => ({ name }) as unknown as StaticFile;
const files = new Map<string, StaticFile>([
  ["/lp/audit/index.html", file("a")],
  ["/lp/audit/b/index.html", file("b")],
  ["/lp/audit/_.data", file("a data")],
  ["/lp/audit/b/_.data", file("b data")],
  ["/lp/plain/index.html", file("plain")],
  ["/services/index.html", file("services")],
]);
const request = (cookie?: string, method = "GET", more: Record<string, string> = {}) => ({ method, headers: { ...(cookie ? { cookie } : {}), ...more } }) as unknown as IncomingMessage;
const quiet = { warn() {}, error() {}, info() {} } as unknown as Logger;

function setUp(random = () => 0.75, requireConsent = true, now = () => Date.parse("2026-11-30T22:30:00Z")) {
  const written: Array<{ day: string; landing: string; variant: string; views: number }> = [];
  const views = { add: async (counts: typeof written) => void written.push(...counts), of: async () => [] } as unknown as LandingViewsStore;
  return { variants: createLandingVariants({ views, now, random, secure: true, requireConsent, log: quiet }), written };
}

describe("a landing's page as a visitor gets it", () => {
  it("is А, with no cookie and no count, without analytics consent; a variant kept from before is forgotten", async () => {
    const { variants, written } = setUp();
    for (const cookie of [undefined, "cookie_consent=necessary", "cookie_consent=seen"]) {
      const pick = variants.pick(request(cookie), files, "/lp/audit/index.html");
      expect(pick?.path).toBe("/lp/audit/index.html");
      expect(pick?.headers).toEqual(["Vary", "Cookie"]);
    }
    const withdrawn = variants.pick(request("cookie_consent=necessary; lp_audit=b"), files, "/lp/audit/index.html");
    expect(withdrawn?.path).toBe("/lp/audit/index.html");
    expect(withdrawn?.headers).toEqual(["Vary", "Cookie", "Set-Cookie", "lp_audit=; Max-Age=0; Path=/lp/audit/; HttpOnly; SameSite=Lax; Secure"]);
    await variants.flush();
    expect(written).toEqual([]);
  });

  it("takes the notice seen and not refused for consent where consent is not required, and nothing less", async () => {
    const { variants } = setUp(() => 0.75, false);
    expect(variants.pick(request("cookie_consent=seen"), files, "/lp/audit/index.html")?.path).toBe("/lp/audit/b/index.html");
    expect(variants.pick(request(), files, "/lp/audit/index.html")?.path).toBe("/lp/audit/index.html");
    expect(variants.pick(request("cookie_consent=necessary"), files, "/lp/audit/index.html")?.path).toBe("/lp/audit/index.html");
  });

  it("is a variant drawn with consent, set in the landing's own cookie for 30 days, then kept; each view counted by Moscow day", async () => {
    const { variants, written } = setUp();
    const first = variants.pick(request("cookie_consent=analytics"), files, "/lp/audit/index.html");
    expect(first?.path).toBe("/lp/audit/b/index.html");
    expect(first?.headers).toEqual(["Vary", "Cookie", "Set-Cookie", "lp_audit=b; Max-Age=2592000; Path=/lp/audit/; HttpOnly; SameSite=Lax; Secure"]);
    const again = variants.pick(request("cookie_consent=analytics; lp_audit=a"), files, "/lp/audit/index.html");
    expect(again?.path).toBe("/lp/audit/index.html");
    expect(again?.headers).toEqual(["Vary", "Cookie"]);
    // A HEAD is not a view.
    variants.pick(request("cookie_consent=analytics; lp_audit=a", "HEAD"), files, "/lp/audit/index.html");
    await variants.flush();
    // 22:30 UTC on 30 November is 01:30 on 1 December in Moscow.
    expect(written).toEqual([
      { day: "2026-12-01", landing: "audit", variant: "b", views: 1 },
      { day: "2026-12-01", landing: "audit", variant: "a", views: 1 },
    ]);
  });

  it("draws again when the variant kept is no longer in the test, and counts a landing without a test as А without any cookie", async () => {
    const { variants, written } = setUp(() => 0.1);
    const gone = variants.pick(request("cookie_consent=analytics; lp_audit=c"), files, "/lp/audit/index.html");
    expect(gone?.path).toBe("/lp/audit/index.html");
    expect(gone?.headers).toContain("Set-Cookie");
    const plain = variants.pick(request("cookie_consent=analytics"), files, "/lp/plain/index.html");
    expect(plain?.headers).toEqual([]);
    await variants.flush();
    expect(written.map((w) => [w.landing, w.variant, w.views])).toEqual([
      ["audit", "a", 1],
      ["plain", "a", 1],
    ]);
  });

  it("gives a client-side navigation the data of the variant drawn, and a prefetch draws and counts nothing", async () => {
    const { variants, written } = setUp();
    const kept = variants.pick(request("cookie_consent=analytics; lp_audit=b"), files, "/lp/audit/_.data");
    expect(kept?.path).toBe("/lp/audit/b/_.data");
    expect(kept?.headers).toEqual(["Vary", "Cookie"]);
    const drawn = variants.pick(request("cookie_consent=analytics"), files, "/lp/audit/_.data");
    expect(drawn?.path).toBe("/lp/audit/b/_.data");
    expect(drawn?.headers).toContain("lp_audit=b; Max-Age=2592000; Path=/lp/audit/; HttpOnly; SameSite=Lax; Secure");
    expect(variants.pick(request(undefined), files, "/lp/audit/_.data")?.path).toBe("/lp/audit/_.data");

    const ahead = { "sec-purpose": "prefetch" };
    const fresh = variants.pick(request("cookie_consent=analytics", "GET", ahead), files, "/lp/audit/_.data");
    expect(fresh).toMatchObject({ path: "/lp/audit/_.data", headers: ["Vary", "Cookie"] });
    expect(variants.pick(request("cookie_consent=analytics; lp_audit=b", "GET", ahead), files, "/lp/audit/_.data")?.path).toBe("/lp/audit/b/_.data");
    await variants.flush();
    expect(written.map((w) => [w.landing, w.variant, w.views])).toEqual([["audit", "b", 2]]);
  });

  it("leaves every other file alone", () => {
    const { variants } = setUp();
    expect(variants.pick(request("cookie_consent=analytics"), files, "/services/index.html")).toBeNull();
    expect(variants.pick(request("cookie_consent=analytics"), files, "/lp/audit/b/index.html")).toBeNull();
    expect(variants.pick(request("cookie_consent=analytics"), files, "/lp/missing/index.html")).toBeNull();
  });
});
