import { describe, expect, it } from "vitest";
import { compileSynonyms } from "./assemble.ts";
import { parseQuery } from "./query.ts";
import { loanword, russianFromTranslit, transliterate } from "./transliteration.ts";
import { deletions, oneEditApart } from "#core/search/typos.ts";
import { queryTerms } from "#core/search/words.ts";

const groups = [
  [["telegram"], queryTerms("телеграм")],
  [queryTerms("контекстная реклама"), ["контекст"], queryTerms("реклама в поиске")],
];

describe("a query's concepts", () => {
  it("reads each word as a concept, and a synonym phrase as one concept with every other way to say it", () => {
    const concepts = parseQuery("сколько стоит контекстная реклама в телеграм", groups);
    expect(concepts.map((c) => c.alternatives.map((a) => a.terms.join(" ")))).toEqual([
      ["скольк"],
      ["сто"],
      ["контекстн реклам", "контекст", "реклам поиск"],
      queryTerms("телеграм").concat("telegram"),
    ]);
    // The visitor's own words count most; a synonym phrase must stand as a phrase.
    expect(concepts[2]?.alternatives.map((a) => [a.factor < 1, a.phrase ?? false])).toEqual([
      [false, false],
      [true, false],
      [true, true],
    ]);
  });

  it("reads э as е, so a word the trade writes both ways finds its synonym group either way", () => {
    const seo = [[["seo"], queryTerms("сео")]];
    expect(parseQuery("сэо аудит", seo)[0]?.alternatives.map((a) => a.terms.join(" "))).toEqual([...queryTerms("сео"), "seo"]);
    expect(queryTerms("сэмплирование")).toEqual(queryTerms("семплирование"));
    expect(parseQuery("экономика", [[queryTerms("економика"), ["economics"]]])[0]?.alternatives.map((a) => a.terms.join(" "))).toEqual([...queryTerms("економика"), "economics"]);
  });

  it("asks nothing of question words and politeness, and makes the site's own name optional beside other words", () => {
    expect(parseQuery("подскажите, пожалуйста, как с вами связаться", []).map((c) => c.alternatives[0]?.terms)).toEqual([queryTerms("связаться")]);
    expect(parseQuery("чьи будут наши рекламные кабинеты", []).map((c) => c.alternatives[0]?.terms)).toEqual([queryTerms("рекламные"), queryTerms("кабинеты")]);
    expect(parseQuery("телефон агентства", []).map((c) => c.optional ?? false)).toEqual([false, true]);
    expect(parseQuery("агентство", []).map((c) => c.optional ?? false)).toEqual([false]);
    expect(parseQuery("ценности компании", []).map((c) => c.optional ?? false)).toEqual([false, true]);
    // A task's verb says less than what it is done to; alone, it is the query.
    expect(parseQuery("поднять сайт в поиске", []).map((c) => c.optional ?? false)).toEqual([true, false, false]);
    expect(parseQuery("поднять", []).map((c) => c.optional ?? false)).toEqual([false]);
    // A list asked for: what is listed is the query.
    expect(parseQuery("список услуг", []).map((c) => c.alternatives[0]?.terms)).toEqual([queryTerms("услуг")]);
    // A name made of left-out words only is found through the synonym table, or not at all.
    expect(parseQuery("о нас", [[queryTerms("о компании"), ["о", "нас"]]]).map((c) => c.alternatives.map((a) => a.terms))).toEqual([[queryTerms("о компании")]]);
    expect(parseQuery("о нас", [])).toEqual([]);
  });

  it("reads a table phrase left with one word as the whole query only, its words in any order", () => {
    const table = compileSynonyms([
      ["вакансии", "работать у вас"],
      ["кейсы", "наши работы"],
    ]);
    const read = (query: string) => parseQuery(query, table).map((c) => c.alternatives.map((a) => a.terms));
    expect(read("хочу у вас работать")).toEqual([[queryTerms("вакансии")]]);
    // «работа» alone is that word, and «кейсы» is not searched as «работы».
    expect(read("работа")).toEqual([[queryTerms("работа")]]);
    expect(read("кейсы")).toEqual([[queryTerms("кейсы")]]);
  });

  it("counts the letters typed for each concept (typos are forgiven from five)", () => {
    expect(parseQuery("seo аналитек", []).map((c) => c.letters)).toEqual([3, 8]);
  });
});

describe("typos", () => {
  it("tells one wrong, missing, extra or swapped letter from two", () => {
    expect(oneEditApart("аналитик", "аналитек")).toBe(true);
    expect(oneEditApart("реклам", "рекламм")).toBe(true);
    expect(oneEditApart("брендинг", "брендиг")).toBe(true);
    expect(oneEditApart("оферта", "оферат")).toBe(true);
    expect(oneEditApart("оферта", "оферта")).toBe(false);
    expect(oneEditApart("головоломк", "голвлмк")).toBe(false);
    expect(deletions("абв")).toEqual(["бв", "ав", "аб"]);
  });
});

describe("transliteration", () => {
  it("writes a word as a Russian reader would in the other alphabet", () => {
    expect(transliterate("finflow")).toBe("финфлоу");
    expect(transliterate("marketing")).toBe("маркетинг");
    expect(transliterate("дата")).toBe("data");
    expect(transliterate("2026")).toBeNull();
  });

  it("reads a Russian word written in translit back as Russians write it", () => {
    expect(russianFromTranslit("otzyvy")).toBe("отзывы");
    expect(russianFromTranslit("keisy")).toBe("кейсы");
    expect(russianFromTranslit("kejsy")).toBe("кейсы");
    expect(russianFromTranslit("elektronnaya")).toBeNull();
    expect(russianFromTranslit("novyy")).toBe("новый");
    // Where it reads as transliterate() does, there is nothing more to try.
    expect(russianFromTranslit("marketing")).toBeNull();
    expect(russianFromTranslit("targetirovannaya")).toBeNull();
    expect(russianFromTranslit("отзывы")).toBeNull();
  });

  it("borrows an English word as Russian does: its ending, its beginning, single letters for double", () => {
    expect(loanword("attribution")).toBe("атрибуция");
    expect(loanword("conversion")).toBe("конверсия");
    expect(loanword("analytics")).toBe("аналитика");
    expect(loanword("economics")).toBe("экономика");
    expect(loanword("unit")).toBe("юнит");
    expect(loanword("targeting")).toBe("таргетинг");
    expect(loanword("seo")).toBeNull();
    expect(loanword("таргетинг")).toBeNull();
  });
});
