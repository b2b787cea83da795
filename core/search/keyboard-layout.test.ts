import { describe, expect, it } from "vitest";
import { switchLayout } from "./keyboard-layout.ts";

describe("a query typed on the other keyboard layout", () => {
  it("reads Latin keys as the Russian letters on them, punctuation keys included", () => {
    expect(switchLayout("fyfkbnbrf")).toBe("аналитика");
    expect(switchLayout("Ntktuhfv-,jn")).toBe("телеграм-бот");
    expect(switchLayout("j;blfybz")).toBe("ожидания");
    expect(switchLayout("`krf [jl")).toBe("ёлка ход");
    expect(switchLayout("ds,jh 2026")).toBe("выбор 2026");
  });

  it("reads Russian keys as the Latin letters on them", () => {
    expect(switchLayout("ыущ")).toBe("seo");
    expect(switchLayout("пщщпду фтфднешсы")).toBe("google analytics");
    expect(switchLayout("ЫЬЬ")).toBe("smm");
  });

  it("leaves alone a query of both alphabets or of no letters", () => {
    expect(switchLayout("seo аудит")).toBeNull();
    expect(switchLayout("2026")).toBeNull();
    expect(switchLayout("")).toBeNull();
  });

  it("is its own inverse on letters", () => {
    expect(switchLayout(switchLayout("сквозная аналитика") ?? "")).toBe("сквозная аналитика");
  });
});
