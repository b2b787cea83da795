import { describe, expect, it } from "vitest";
import { MAX_QUERY_TERMS, queryTerms, tokens, wordsStartingWith } from "./words.ts";

describe("search words", () => {
  it("gives every form of a Russian word one term, ё read as е", () => {
    expect(queryTerms("маркетинга")).toEqual(queryTerms("маркетинг"));
    expect(queryTerms("продвижению сайтов")).toEqual(queryTerms("Продвижение сайта"));
    expect(queryTerms("Ёлочные")).toEqual(queryTerms("елочный"));
  });

  it("keeps English words and numbers as written, in lower case", () => {
    expect(queryTerms("Google Play 2026")).toEqual(["google", "play", "2026"]);
  });

  it("drops stop words written with э and ё as with е, which is how it reads every word", () => {
    expect(tokens("Это отчёт, и всё").map((t) => t.term)).toEqual(queryTerms("отчёт"));
    expect(queryTerms("что это за этот cpql")).toEqual(["cpql"]);
  });

  it("drops stop words and one-letter words, and splits at hyphens", () => {
    expect(queryTerms("и в на для")).toEqual([]);
    expect(queryTerms("SEO-продвижение для e-commerce")).toEqual(["seo", ...queryTerms("продвижение"), "commerce"]);
  });

  it("makes every term the start of its word (excerpts look only at words beginning with a queried term)", () => {
    const text = "Сильнейшая аналитическая длинная сказанной продвижению ёлочный подъезд бегущий пьянство знание кампаний";
    for (const t of tokens(text)) expect(text.slice(t.start, t.end).toLowerCase().replaceAll("ё", "е").startsWith(t.term)).toBe(true);
  });

  it("finds the words beginning with a prefix as cutting every word would", () => {
    const text = "Маркетинг, маркетинговый план и ремаркетинг; МАРКЕТИНГА! Маркет-плейс";
    const expected = tokens(text).filter((t) => text.slice(t.start, t.end).toLowerCase().startsWith("маркет"));
    expect(wordsStartingWith(text, ["маркет"])).toEqual(expected);
    expect(expected.map((t) => text.slice(t.start, t.end))).toEqual(["Маркетинг", "маркетинговый", "МАРКЕТИНГА", "Маркет"]);
  });

  it("takes the first few words of a long query only", () => {
    const words = Array.from({ length: 50 }, (_, i) => `слово${i}`);
    expect(queryTerms(words.join(" "))).toEqual(words.slice(0, MAX_QUERY_TERMS));
  });

  it("points each word at its place in the original text", () => {
    const text = "Ёлка и SEO";
    expect(tokens(text).map((t) => text.slice(t.start, t.end))).toEqual(["Ёлка", "SEO"]);
  });
});
