import { describe, expect, it } from "vitest";
import { outline } from "./outlines.ts";

describe("text outlines", () => {
  it("writes path data whose numbers stay apart (each letter drawn in full)", () => {
    const { d } = outline("Автопарк Север рубль", { weight: 700, size: 34 });
    // Two decimal points inside one number would mean two numbers glued together.
    expect(d).not.toMatch(/\d\.\d+\.\d/);
    expect(d).not.toMatch(/NaN|undefined/);
    expect(d.match(/M/g)?.length).toBeGreaterThan(15);
  });

  it("is as wide as its letters, and wider with tracking", () => {
    const plain = outline("ФинФлоу", { weight: 700, size: 40 });
    const tracked = outline("ФинФлоу", { weight: 700, size: 40, tracking: 0.1 });
    expect(plain.width).toBeGreaterThan(100);
    expect(tracked.width).toBeCloseTo(plain.width + 6 * 4, 0);
  });
});
