import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EntryInvalid } from "./check.ts";
import { readEntry } from "./files.ts";
import { saveEntry } from "./service.ts";
import { references } from "./entry-reads.ts";
import { type ContentPlace } from "./place.ts";

/**
 * A rename's save on a copy of the demo content (no release, no git: the
 * history is then not written, which the save survives): the referrers are
 * rewritten in the same save, a taken address is refused at «Адрес».
 */
let root: string;
let place: ContentPlace;
const read = (path: string) => readFileSync(join(place.contentDir, path), "utf8");

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "rename-save-"));
  place = { contentDir: join(root, "content"), releasesDir: join(root, "releases"), origin: "https://orientir.example" };
  cpSync("content", place.contentDir, { recursive: true });
  mkdirSync(place.releasesDir);
}, 30_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a rename's save", () => {
  it("refuses an address another entry has, at the address field", async () => {
    const stored = readEntry(place.contentDir, "cases", "sever-market-seo");
    const refusal = await saveEntry(place, { type: "cases", slug: "kupidom-performance", values: stored?.values, baseHash: stored?.hash ?? null, renamedFrom: "sever-market-seo" }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(EntryInvalid);
    expect((refusal as EntryInvalid).errors).toEqual({ slug: "Адрес занят другой записью" });
    expect((refusal as EntryInvalid).problems).toEqual([]);
  });

  it("rewrites every referrer, removes the old file and leads the old address to the new, in one save", { timeout: 60_000 }, async () => {
    const before = references(place, "cases", "sever-market-seo").map((r) => `${r.type}/${r.slug}`);
    expect(before).toEqual(expect.arrayContaining(["services/seo", "services/web-analytics", "reviews/sever-market"]));
    const seo = read("services/seo.md");
    const stored = readEntry(place.contentDir, "cases", "sever-market-seo");
    const saved = await saveEntry(place, {
      type: "cases",
      slug: "sever-market-2026",
      values: stored?.values,
      baseHash: stored?.hash ?? null,
      renamedFrom: "sever-market-seo",
      redirectTo: "/projects/cases/sever-market-2026/",
    });
    expect(saved).toMatchObject({ slug: "sever-market-2026", changed: true, redirected: "/projects/cases/sever-market-seo/" });
    expect(existsSync(join(place.contentDir, "projects/cases/sever-market-seo.md"))).toBe(false);
    expect(read("services/seo.md")).toBe(seo.replace(/^ {2}- sever-market-seo$/m, "  - sever-market-2026"));
    expect(read("projects/reviews/sever-market.md")).toMatch(/^case: sever-market-2026$/m);
    expect(read("redirects.csv")).toContain("/projects/cases/sever-market-seo/,/projects/cases/sever-market-2026/\n");
    expect(read("redirects.csv")).not.toMatch(/,\/projects\/cases\/sever-market-seo\/$/m);
    expect(references(place, "cases", "sever-market-seo").filter((r) => r.type !== "redirects")).toEqual([]);
  });

  it("without a 301 from the old address, still leads the table's old addresses to the new one", { timeout: 60_000 }, async () => {
    const stored = readEntry(place.contentDir, "cases", "stalprom-leads");
    await saveEntry(place, { type: "cases", slug: "stalprom-2026", values: stored?.values, baseHash: stored?.hash ?? null, renamedFrom: "stalprom-leads" });
    const table = read("redirects.csv");
    expect(table).toContain("/academy/case-stalprom-leads/,/projects/cases/stalprom-2026/\n");
    expect(table).not.toContain("/projects/cases/stalprom-leads/");
    expect(read("services/end-to-end-analytics.md")).toMatch(/^ {2}- stalprom-2026$/m);
  });
});
