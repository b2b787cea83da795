import { describe, expect, it } from "vitest";
import { movedQuery, parseRedirectTable } from "./redirect-table.ts";

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

describe("an old address with a query (a tag whose address changed)", () => {
  const table = parseRedirectTable("from,to\n/academy/?tag=analytics,/academy/?tag=analitika\n");
  it("answers the page with that parameter, keeping the others in their places", () => {
    expect(movedQuery(table, "/academy/", "?tag=analytics")).toEqual({ path: "/academy/", search: "?tag=analitika" });
    expect(movedQuery(table, "/academy/", "?category=seo&tag=analytics&page=2")).toEqual({ path: "/academy/", search: "?category=seo&tag=analitika&page=2" });
  });
  it("leaves other values and other pages alone", () => {
    expect(movedQuery(table, "/academy/", "?tag=python")).toBeNull();
    expect(movedQuery(table, "/events/", "?tag=analytics")).toBeNull();
    expect(table.get("/academy/")).toBeUndefined();
  });
});
