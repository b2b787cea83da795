import { describe, expect, it } from "vitest";
import { ArticleSchema } from "./schemas/articles.ts";
import { tagAddress, tagsByAddress, tidyTag } from "./tags.ts";

const tag = ArticleSchema.shape.tags.element;

describe("a tag as typed", () => {
  it("is kept as typed, tidied: Russian, spaces, capitals", () => {
    expect(tidyTag("  сквозная \n  аналитика ")).toBe("сквозная аналитика");
    expect(tag.parse("сквозная аналитика")).toBe("сквозная аналитика");
    expect(tag.parse("App Store")).toBe("App Store");
  });

  it("has one transliterated address, the same for every spelling of it", () => {
    expect(tagAddress("сквозная аналитика")).toBe("skvoznaya-analitika");
    expect(tagAddress("SEO")).toBe(tagAddress("seo"));
    expect(tagAddress("Яндекс Директ")).toBe("yandeks-direkt");
  });

  it("is refused, in Russian, only when it cannot be a tag", () => {
    const message = (value: string) => tag.safeParse(value).error?.issues[0]?.message;
    expect(message("«»!")).toMatch(/буква/);
    expect(message("а, б")).toMatch(/запят/);
    expect(message(" а")).toMatch(/пробел/);
    expect(message("а".repeat(41))).toMatch(/40/);
  });

  it("lists a collection's tags by address, each as most entries spell it, Russian first", () => {
    expect(tagsByAddress([["SEO", "аналитика"], ["seo"], ["SEO"]])).toEqual([
      { address: "analitika", label: "аналитика" },
      { address: "seo", label: "SEO" },
    ]);
  });
});
