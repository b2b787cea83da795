import { describe, expect, it } from "vitest";
import { queryTerms, tokens } from "./words.ts";

describe("search words", () => {
  it("gives every form of a Russian word one term, ё read as е", () => {
    expect(queryTerms("маркетинга")).toEqual(queryTerms("маркетинг"));
    expect(queryTerms("продвижению сайтов")).toEqual(queryTerms("Продвижение сайта"));
    expect(queryTerms("Ёлочные")).toEqual(queryTerms("елочный"));
  });

  it("keeps English words and numbers as written, in lower case", () => {
    expect(queryTerms("Google Play 2026")).toEqual(["google", "play", "2026"]);
  });

  it("drops stop words and one-letter words, and splits at hyphens", () => {
    expect(queryTerms("и в на для")).toEqual([]);
    expect(queryTerms("SEO-продвижение для e-commerce")).toEqual(["seo", ...queryTerms("продвижение"), "commerce"]);
  });

  it("points each word at its place in the original text", () => {
    const text = "Ёлка и SEO";
    expect(tokens(text).map((t) => text.slice(t.start, t.end))).toEqual(["Ёлка", "SEO"]);
  });
});
