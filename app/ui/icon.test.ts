import { describe, expect, it } from "vitest";
import { iconPaint, iconUrl } from "./icon.tsx";

describe("Icon", () => {
  it("takes its file from /assets/icons/", () => {
    expect(iconUrl("arrow-right")).toBe("/assets/icons/arrow-right.svg");
  });
  it("paints with the colour, else the stroke, else the text colour", () => {
    expect(iconPaint("transparent", "transparent")).toBe("currentColor");
    expect(iconPaint("#f00", "transparent")).toBe("#f00");
    expect(iconPaint("transparent", "#0f0")).toBe("#0f0");
    expect(iconPaint("#f00", "#0f0")).toBe("#f00");
  });
});
