import { describe, expect, it } from "vitest";
import { COLLECTION_CATALOG, type CollectionName, entryWords } from "./catalog.ts";

describe("the studio's words for an entry of each type", () => {
  it("are natural Russian, the adjective and the object in the word's own forms", () => {
    const words = Object.fromEntries(Object.keys(COLLECTION_CATALOG).map((type) => [type, entryWords(type as CollectionName)]));
    expect(words).toEqual({
      services: { fresh: "Новая услуга", add: "Добавить услугу", remove: "Удалить услугу" },
      industries: { fresh: "Новая отрасль", add: "Добавить отрасль", remove: "Удалить отрасль" },
      cases: { fresh: "Новый кейс", add: "Добавить кейс", remove: "Удалить кейс" },
      reviews: { fresh: "Новый отзыв", add: "Добавить отзыв", remove: "Удалить отзыв" },
      articles: { fresh: "Новая статья", add: "Добавить статью", remove: "Удалить статью" },
      positions: { fresh: "Новая вакансия", add: "Добавить вакансию", remove: "Удалить вакансию" },
      events: { fresh: "Новое событие", add: "Добавить событие", remove: "Удалить событие" },
      legal: { fresh: "Новый документ", add: "Добавить документ", remove: "Удалить документ" },
      landings: { fresh: "Новый лендинг", add: "Добавить лендинг", remove: "Удалить лендинг" },
    });
  });
});
