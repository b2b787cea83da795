import { describe, expect, it } from "vitest";
import { bindShortWords, excerpt } from "./excerpt.ts";
import { queryTerms } from "#core/search/words.ts";

const marked = (text: string, query: string) =>
  excerpt(text, queryTerms(query))
    .map((p) => (p.mark ? `[${p.text}]` : p.text))
    .join("");

describe("excerpt", () => {
  it("marks every form of the query's words, ё read as е", () => {
    expect(marked("Помогаем директорам по маркетингу и продажам. Ёлочные базары — тоже маркетинг.", "маркетинга елочный")).toBe(
      "Помогаем директорам по\u00a0[маркетингу] и\u00a0продажам. [Ёлочные] базары — тоже [маркетинг].",
    );
  });

  it("cuts a window around the first match, with ellipses where text was left out", () => {
    const words = Array.from({ length: 60 }, (_, i) => `слово${i}`);
    words[30] = "аналитика";
    const text = marked(words.join(" "), "аналитик");
    expect(text.startsWith("… слово24 ")).toBe(true);
    expect(text).toContain("[аналитика]");
    expect(text.endsWith(" …")).toBe(true);
    expect(text.split(" ").filter((w) => w !== "…")).toHaveLength(28);
  });

  it("shows the start of the text when nothing in it matches", () => {
    expect(marked("Первое второе третье", "seo")).toBe("Первое второе третье");
  });

  it("keeps markup-like text as text: the page renders parts, never HTML", () => {
    expect(excerpt('<img src=x onerror="alert(1)"> seo', ["seo"])).toEqual([
      { text: '<img src=x onerror="alert(1)"> ', mark: false },
      { text: "seo", mark: true },
    ]);
  });
});

describe("an excerpt's short words", () => {
  it("binds a short word to the next one and a particle to the one before, as the pages do", () => {
    expect(bindShortWords("А в ссылке и на сайте ли это")).toBe("А\u00a0в\u00a0ссылке и\u00a0на\u00a0сайте\u00a0ли это");
    expect(bindShortWords("мы же (в отчёте) «по делу»")).toBe("мы\u00a0же (в\u00a0отчёте) «по\u00a0делу»");
  });

  it("binds them in every part of an excerpt", () => {
    const parts = excerpt("Заявки из рекламы в Директе и в поиске", ["директ"]);
    expect(parts.map((p) => p.text).join("")).toBe("Заявки из\u00a0рекламы в\u00a0Директе и\u00a0в\u00a0поиске");
  });
});
