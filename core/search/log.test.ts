import { describe, expect, it } from "vitest";
import { loggedQuery, weekOf } from "./log.ts";

describe("what visitors search, as it is counted", () => {
  it("counts a query in lower case, ё as е, spaces collapsed, at most 100 characters", () => {
    expect(loggedQuery("  Контекстная   РЕКЛАМА ")).toBe("контекстная реклама");
    expect(loggedQuery("Ёлка")).toBe("елка");
    expect(loggedQuery("а".repeat(300))).toHaveLength(100);
    expect(loggedQuery("   ")).toBeNull();
  });

  it("drops a query that may name a person: an e-mail, a phone, a long number", () => {
    for (const query of ["ivan@example.ru", "пишите на a@b.c", "+7 (916) 123-45-67", "8 916 1234567", "89161234567", "инн 7701234567", "заказ 4417 8826 1190 0032"]) {
      expect(loggedQuery(query), query).toBeNull();
    }
    // Short numbers are the trade's words: years, prices, versions.
    expect(loggedQuery("тренды 2026")).toBe("тренды 2026");
    expect(loggedQuery("seo от 90 000")).toBe("seo от 90 000");
  });

  it("counts by the Moscow week, Monday to Sunday", () => {
    const monday = Date.parse("2026-11-23T00:00:00+03:00");
    expect(weekOf(monday)).toBe(monday);
    expect(weekOf(Date.parse("2026-11-29T23:59:59+03:00"))).toBe(monday);
    // Sunday night in UTC is already Monday in Moscow.
    expect(weekOf(Date.parse("2026-11-29T21:30:00Z"))).toBe(Date.parse("2026-11-30T00:00:00+03:00"));
    expect(weekOf(monday - 1)).toBe(Date.parse("2026-11-16T00:00:00+03:00"));
  });
});
