import { describe, expect, it } from "vitest";
import { formatNumber } from "./format.ts";

describe("formatNumber", () => {
  it("groups thousands with a no-break space from five digits, as Russian typesetting does", () => {
    expect(formatNumber(1200)).toBe("1200");
    expect(formatNumber(12500)).toBe("12\u00a0500");
    expect(formatNumber(4200000)).toBe("4\u00a0200\u00a0000");
  });

  it("writes a decimal comma and a real minus sign", () => {
    expect(formatNumber(3.5)).toBe("3,5");
    expect(formatNumber(-18)).toBe("−18");
  });
});
