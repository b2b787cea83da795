import { describe, expect, it } from "vitest";
import { counted, formatCount, formatNumber, plural } from "./format.ts";

describe("plural", () => {
  const forms = ["результат", "результата", "результатов"] as const;
  it.each([
    [1, "результат"],
    [21, "результат"],
    [101, "результат"],
    [2, "результата"],
    [34, "результата"],
    [0, "результатов"],
    [5, "результатов"],
    [11, "результатов"],
    [12, "результатов"],
    [14, "результатов"],
    [111, "результатов"],
  ])("%i → %s", (n, expected) => expect(plural(n, forms)).toBe(expected));
});

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

describe("formatCount", () => {
  it("writes a whole number as Intl's ru-RU does, four digits grouped too", () => {
    for (const n of [0, 7, 160, 1_000, 5_000, 50_000, 100_000, 1_234_567, -3_000]) {
      expect(formatCount(n)).toBe(n.toLocaleString("ru-RU").replace("-", "−"));
    }
    expect(formatCount(5_000)).toBe("5\u00a0000");
  });
});

describe("counted", () => {
  it("puts the word in the form the count asks for", () => {
    expect(counted(33, ["страница", "страницы", "страниц"])).toBe("33\u00a0страницы");
    expect(counted(11, ["страница", "страницы", "страниц"])).toBe("11\u00a0страниц");
    expect(counted(21, ["страница", "страницы", "страниц"])).toBe("21\u00a0страница");
    expect(counted(12500, ["знак", "знака", "знаков"])).toBe("12\u00a0500\u00a0знаков");
  });
});
