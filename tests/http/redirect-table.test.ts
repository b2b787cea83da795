import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { livePagePaths } from "#core/content/sitemap.server.ts";
import { canonicalPathname } from "#core/lib/url.ts";
import { parseRedirectTable } from "../../server/redirect-table.ts";
import { get } from "../support/http.ts";

const csv = readFileSync("content/redirects.csv", "utf8");
const rows = csv
  .split(/\r?\n/)
  .slice(1)
  .filter((line) => line.trim() !== "" && !line.startsWith("#"))
  .map((line) => {
    const [from = "", to = ""] = line.split(",");
    return { from, to };
  });

describe("content/redirects.csv", () => {
  it("parses and has at least 200 rows", () => {
    expect(parseRedirectTable(csv).size).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(200);
  });

  it("never hides a live page behind a redirect", () => {
    const live = new Set(livePagePaths());
    expect(rows.filter((r) => live.has(canonicalPathname(r.from))).map((r) => r.from)).toEqual([]);
  });

  it("covers every kind of old address", () => {
    const targets = rows.map((r) => r.to);
    expect(targets.some((t) => t.startsWith("/projects/cases/"))).toBe(true);
    expect(targets.some((t) => t.startsWith("/projects/reviews/"))).toBe(true);
    expect(targets.some((t) => t.startsWith("/academy/"))).toBe(true);
    expect(targets).toContain("/services/");
    expect(targets).toContain("/");
    expect(rows.some((r) => /[A-Z_]/.test(r.from))).toBe(true);
    expect(rows.some((r) => r.to === "/services/branding-and-design/")).toBe(true);
  });

  it.each(rows)("$from answers 301 straight to a live page", async ({ from, to }) => {
    const first = await get(from);
    expect(first.status).toBe(301);
    const location = first.headers.get("location") ?? "";
    expect(location).toBe(to);
    const landing = await get(location);
    // 200, not another redirect (no chains, no loops) and not a 404.
    expect(landing.status).toBe(200);
  });
});
