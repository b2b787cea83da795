import { describe, expect, it } from "vitest";
import { normalizePhone } from "./phone.ts";

describe("normalizePhone", () => {
  it.each([
    ["8 (912) 345-67-89", "+79123456789"],
    ["+7 912 345 67 89", "+79123456789"],
    ["7-912-345-67-89", "+79123456789"],
    ["912 345 67 89", "+79123456789"],
    ["(495) 123.45.67", "+74951234567"],
    ["+44 20 7946 0958", "+442079460958"],
    ["  +375 29 123-45-67 ", "+375291234567"],
  ])("%s → %s", (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each(["", "12345", "+7 912 345 67", "+7 912 345 67 890", "8 912 CALL ME", "123 456 78 90", "+0 123 456 789", "+1234567890123456", "912 345 67 89 доб. 12"])(
    "refuses %j",
    (input) => {
      expect(normalizePhone(input)).toBeNull();
    },
  );
});
