import { describe, expect, it } from "vitest";
import { whereGoes } from "./address-check.tsx";

describe("«Проверить адрес»", () => {
  const redirects = [{ from: "/old/", to: "/services/" }];
  const rules = [
    { pattern: "/blog/**", redirect: "/academy/**", status: 301 },
    { pattern: "/sale/", redirect: "/services/", status: 302 },
  ];
  it("says where an address goes: an old address first, then the most specific rule, else nowhere", () => {
    expect(whereGoes("/old", redirects, rules)).toContain("Ведёт на /services/: строка «Старые адреса»");
    expect(whereGoes("/blog/seo/", redirects, rules)).toBe("Ведёт на /academy/seo/: правило для разделов, навсегда (301)");
    expect(whereGoes("/sale/", redirects, rules)).toContain("временно (302)");
    expect(whereGoes("/about/", redirects, rules)).toMatch(/^Никуда не перенаправляется/);
    expect(whereGoes("about", redirects, rules)).toMatch(/^Напишите адрес/);
  });
});
