import { describe, expect, it } from "vitest";
import { momentFromRussian, momentInZone, zoneOffset } from "./time.ts";

describe("an event's time typed in its own zone", () => {
  it("takes the offset of the chosen zone at that date, else the one the moment had", () => {
    expect(momentFromRussian("03.12.2026 19:00", "", "Asia/Yekaterinburg")).toBe("2026-12-03T19:00:00+05:00");
    expect(momentFromRussian("03.12.2026 19:00", "2026-01-01T10:00:00+03:00", "Europe/Berlin")).toBe("2026-12-03T19:00:00+01:00");
    expect(momentFromRussian("03.07.2026 19:00", "", "Europe/Berlin")).toBe("2026-07-03T19:00:00+02:00");
    expect(momentFromRussian("03.12.2026 19:00", "2026-01-01T10:00:00+07:00")).toBe("2026-12-03T19:00:00+07:00");
    expect(zoneOffset("Asia/Kolkata", { y: 2026, m: 1, d: 1, h: 12, min: 0 })).toBe("+05:30");
  });
});

describe("an event's zone changed", () => {
  it("keeps the time as typed and reads it in the new zone, at that date's offset", () => {
    expect(momentInZone("2026-12-03T19:00:00+03:00", "Asia/Yekaterinburg")).toBe("2026-12-03T19:00:00+05:00");
    expect(momentInZone("2026-07-03T19:00:00+03:00", "Europe/Berlin")).toBe("2026-07-03T19:00:00+02:00");
    expect(momentInZone("2026-12-03T19:00:00Z", "Europe/Moscow")).toBe("2026-12-03T19:00:00+03:00");
    // Not a moment yet (being typed): left as it is, for the schema to judge.
    expect(momentInZone("03.12", "Asia/Yekaterinburg")).toBe("03.12");
  });
});
