import { describe, expect, it } from "vitest";
import { plural } from "./format.ts";

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
