import { describe, expect, it } from "vitest";
import { SLUG_PATTERN } from "../content/fields.ts";
import { MADE_SLUG_MAX, slugFromTitle } from "./slug.ts";

describe("an address made from a title", () => {
  it("transliterates Russian the way addresses read, and drops what is not a letter or digit", () => {
    expect(slugFromTitle("Как работает студия «Ориентира»")).toBe("kak-rabotaet-studiya-orientira");
    expect(slugFromTitle("Щука, ёж и съезд: 2026 год!")).toBe("shchuka-ezh-i-sezd-2026-god");
    expect(slugFromTitle("ASO для RuStore")).toBe("aso-dlya-rustore");
    expect(slugFromTitle("Café — naïve")).toBe("cafe-naive");
  });

  it("stays a valid address: short, whole words, never empty for a title with letters", () => {
    const long = slugFromTitle("Очень длинный заголовок статьи про сквозную аналитику и атрибуцию в электронной коммерции");
    expect(long.length).toBeLessThanOrEqual(MADE_SLUG_MAX);
    expect(long).toMatch(SLUG_PATTERN);
    expect(long.endsWith("-")).toBe(false);
    expect(slugFromTitle("«»!")).toBe("");
  });
});
