import { describe, expect, it } from "vitest";
import { landingVariants, LandingSchema } from "./landings.ts";

/** A landing as its file holds it (slug from the file name). */
const landing = (blocks: unknown[], extra: Record<string, unknown> = {}) => ({
  slug: "ads-audit",
  title: "Бесплатный аудит рекламы",
  description: "Проверим кабинеты и аналитику за пять рабочих дней и покажем, где уходит рекламный бюджет.",
  blocks,
  ...extra,
});
const hero = { kind: "hero", title: "Покажем, где реклама теряет деньги", button: "Получить аудит" };
const form = { kind: "form", form: "project" };

/** Each refusal by the path the studio shows it at. */
function refusals(value: unknown): Record<string, string> {
  const result = LandingSchema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("a landing's blocks", () => {
  it("takes the first screen first, then any of the site's blocks", () => {
    const parsed = LandingSchema.parse(
      landing([
        hero,
        { kind: "text", body: "Мы **проверим** всё." },
        { kind: "services", items: ["seo"] },
        { kind: "steps", items: [{ title: "Доступ" }] },
        { kind: "questions", topic: "pricing" },
        { ...form, campaign: "spring-2026" },
        { kind: "cta", title: "Обсудим?", button: "Написать" },
      ]),
    );
    expect(parsed.blocks.map((b) => b.kind)).toEqual(["hero", "text", "services", "steps", "questions", "form", "cta"]);
    // A picked block without a heading of its own gets its kind's.
    expect(parsed.blocks[2]).toMatchObject({ title: "Услуги" });
    expect(parsed.hidden).toBe(false);
    expect(parsed.variants).toEqual([]);
  });

  it("refuses, at the block, a page without its first screen first, a second one, a second form and an unknown kind", () => {
    expect(refusals(landing([form, hero]))).toMatchObject({ "blocks.0": "Первым идёт блок «Первый экран»", "blocks.1": "Первый экран на странице один: он идёт первым" });
    expect(refusals(landing([hero, form, form]))).toMatchObject({ blocks: "Форма на странице одна: кнопки ведут к ней" });
    expect(refusals(landing([hero, { kind: "script", src: "https://evil.example/x.js" }]))["blocks.1.kind"]).toMatch(/[а-я]/);
    expect(refusals(landing([]))).toMatchObject({ blocks: "Начните с\u00a0первого экрана" });
  });

  it("refuses hostile or oversized content at its field", () => {
    expect(Object.keys(refusals(landing([{ ...hero, title: "x".repeat(161) }])))).toEqual(["blocks.0.title"]);
    expect(Object.keys(refusals(landing([{ ...hero, image: "javascript:alert(1)" }])))).toEqual(["blocks.0.image"]);
    expect(Object.keys(refusals(landing([hero, { ...form, campaign: "<script>" }])))).toEqual(["blocks.1.campaign"]);
    expect(Object.keys(refusals(landing([hero, { kind: "services", items: ["../etc/passwd"] }])))).toEqual(["blocks.1.items.0"]);
    expect(Object.keys(refusals(landing([hero, { kind: "text", body: "a".repeat(50_001) }])))).toEqual(["blocks.1.body"]);
    expect(Object.keys(refusals(landing(Array.from({ length: 25 }, (_, i) => (i === 0 ? hero : { kind: "text", body: "Текст" })))))).toEqual(["blocks"]);
    expect(Object.keys(refusals(landing([hero, { kind: "questions" }])))).toEqual(["blocks.1.items"]);
    expect(Object.keys(refusals(landing([hero], { variants: [1, 2, 3].map((n) => ({ title: `Вариант ${n}`, button: "Да" })) })))).toEqual(["variants"]);
  });

  it("registers for an event only when its form names one, at the field", () => {
    expect(refusals(landing([hero, { kind: "form", form: "event" }]))).toEqual({ "blocks.1.event": "Выберите событие, на которое регистрировать" });
    expect(Object.keys(refusals(landing([hero, { kind: "form", form: "event", event: "../../etc" }])))).toEqual(["blocks.1.event"]);
    expect(LandingSchema.parse(landing([hero, { kind: "form", form: "event", event: "webinar-media-plan-2027" }])).blocks[1]).toMatchObject({ form: "event", event: "webinar-media-plan-2027" });
  });
});

describe("a landing's variants", () => {
  it("are its first screen (А) and the others of its headline test, each keyed for addresses and cookies", () => {
    const parsed = LandingSchema.parse(landing([hero], { variants: [{ title: "Аудит бесплатно", button: "Хочу аудит" }] }));
    expect(landingVariants(parsed)).toEqual([
      { key: "a", title: hero.title, button: hero.button },
      { key: "b", title: "Аудит бесплатно", button: "Хочу аудит" },
    ]);
  });
});
