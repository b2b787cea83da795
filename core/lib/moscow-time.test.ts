import { describe, expect, it } from "vitest";
import { inMoscow, moscowDay } from "./moscow-time.ts";

describe("the agency's clock", () => {
  // 2025-11-25 19:46:40 UTC: 22:46 in Moscow, the same day; 2026-11-29 21:30 UTC: already the 30th there.
  const evening = 1764100000000;
  const lateUtc = Date.UTC(2026, 10, 29, 21, 30);

  it("writes each style in Russian, in Moscow time", () => {
    expect(inMoscow(evening, "dateTime")).toBe("25 ноября 2025 г. в 22:46");
    expect(inMoscow(evening, "date")).toBe("25 ноября 2025 г.");
    expect(inMoscow(evening, "dayMonthTime")).toBe("25 ноября в 22:46");
    expect(inMoscow(evening, "numeric")).toBe("25.11.2025, 22:46");
    expect(inMoscow(evening, "clock")).toBe("22:46:40");
    expect(inMoscow(new Date(evening).toISOString(), "numeric")).toBe("25.11.2025, 22:46");
  });

  it("counts the day as Moscow does, not as UTC", () => {
    expect(moscowDay(lateUtc)).toBe("2026-11-30");
    expect(inMoscow(lateUtc, "date")).toBe("30 ноября 2026 г.");
  });
});
