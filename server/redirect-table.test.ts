import { describe, expect, it } from "vitest";
import { parseRedirectTable } from "./redirect-table.ts";

describe("parseRedirectTable", () => {
  it("stores canonical keys and targets", () => {
    const table = parseRedirectTable("from,to\n/Old_Page,/services/seo\n/x/,https://t.me/x\n");
    expect(table.get("/Old_Page/")).toBe("/services/seo/");
    expect(table.get("/x/")).toBe("https://t.me/x");
  });
  it.each([
    ["from;to\n", /первая строка/],
    ["from,to\nold,/a/\n", /:2: "from"/],
    ["from,to\n/a/,javascript:alert(1)\n", /:2: "to"/],
    ["from,to\n/a/,/b/\n/a,/c/\n", /:3: .*дважды/],
    ["from,to\n/a/,/b/,/c/\n", /две ячейки/],
  ])("rejects a bad table with a line number", (csv, message) => {
    expect(() => parseRedirectTable(csv)).toThrow(message);
  });
});
