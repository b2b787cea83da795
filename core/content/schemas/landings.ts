import { z } from "zod";
import { cover, faqItem, markdown, metric, ref, seo, slug, text, withGroups } from "../fields.ts";
import { ITEMS_MAX, NAME_MAX, PARAGRAPH_MAX, TITLE_MAX } from "../limits.ts";
import { VARIANT_KEYS, type VariantKey } from "../../landings/variants.ts";

/**
 * A campaign page a marketer builds from the site's own blocks (issue 59):
 * `content/landings/<slug>.md`, at /lp/<slug>/. The blocks are a list, each
 * one of the kinds below (`kind` says which); the first is the first screen,
 * whose title and button a headline test varies.
 */

/** Blocks of one landing: a long campaign page has a dozen; more is a site, not a landing. */
export const BLOCKS_MAX = 24;
/** Picked entries in one block: a screen or two of cards. */
export const PICKED_MAX = 12;
/** The variants a headline test shows besides the page's own (А): Б and В. */
export const OTHER_VARIANTS_MAX = 2;

/** What a landing's form is: the project request, the subscription or a registration for an event (core/forms/kinds.ts). */
export const LANDING_FORMS = ["project", "subscribe", "event"] as const;
export type LandingForm = (typeof LANDING_FORMS)[number];

const heading = () => text(TITLE_MAX).meta({ title: "Заголовок блока" });
const buttonText = () => text(NAME_MAX).meta({ title: "Текст кнопки", description: "Кнопка ведёт к форме на этой странице, а без формы — на страницу контактов" });

const hero = z
  .strictObject({
    kind: z.literal("hero"),
    title: text(TITLE_MAX).meta({ title: "Заголовок", description: "Главная фраза страницы: её видят первой" }),
    lead: text(PARAGRAPH_MAX).optional().meta({ title: "Подзаголовок" }),
    image: cover().meta({ title: "Картинка", description: "Из «Медиа»; обрезается по её главной точке. Она же — картинка ссылки в мессенджерах" }),
    button: buttonText(),
  })
  .meta({ title: "Первый экран" });

const textBlock = z
  .strictObject({
    kind: z.literal("text"),
    title: heading().optional(),
    body: markdown({ nestedUnder: 2 }).meta({ title: "Текст" }),
  })
  .meta({ title: "Текст" });

const picked = <T extends "services" | "cases" | "reviews" | "team">(target: T, title: string, fallback: string) =>
  z
    .strictObject({
      kind: z.literal(target),
      title: heading().default(fallback),
      items: z.array(ref(target)).min(1, "Выберите хотя бы одну запись").max(PICKED_MAX, `Не\u00a0больше ${PICKED_MAX}`).meta({ title: "Что показать" }),
    })
    .meta({ title });

const figures = z
  .strictObject({
    kind: z.literal("figures"),
    title: heading().optional(),
    items: z.array(metric()).min(1).max(8).meta({ title: "Цифры" }),
  })
  .meta({ title: "Цифры" });

const steps = z
  .strictObject({
    kind: z.literal("steps"),
    title: heading().default("Как мы работаем"),
    items: z
      .array(z.strictObject({ title: text(TITLE_MAX).meta({ title: "Шаг" }), text: text(PARAGRAPH_MAX).optional().meta({ title: "Пояснение" }) }))
      .min(1)
      .max(ITEMS_MAX)
      .meta({ title: "Шаги" }),
  })
  .meta({ title: "Шаги" });

const questions = z
  .strictObject({
    kind: z.literal("questions"),
    title: heading().default("Вопросы и ответы"),
    topic: ref("topics").optional().meta({ title: "Тема из «Вопросов и ответов»", description: "Её вопросы покажутся первыми" }),
    items: z.array(faqItem()).max(ITEMS_MAX).default([]).meta({ title: "Свои вопросы" }),
  })
  .refine((block) => block.topic !== undefined || block.items.length > 0, { message: "Выберите тему или добавьте свой вопрос", path: ["items"] })
  .meta({ title: "Вопросы и ответы" });

const form = z
  .strictObject({
    kind: z.literal("form"),
    form: z.enum(LANDING_FORMS).meta({ title: "Форма", "x-labels": { project: "Заявка на проект", subscribe: "Подписка на рассылку", event: "Регистрация на событие" } }),
    event: ref("events")
      .optional()
      .meta({ title: "Событие", description: "На какое событие из раздела «События» регистрировать. Регистрация закрывается, когда оно закончится", "x-shown-when": { form: ["event"] } }),
    title: heading().optional(),
    campaign: slug().optional().meta({ title: "Метка кампании", description: "Её не видно на странице; она придёт с каждой заявкой этой формы" }),
  })
  .refine((block) => block.form !== "event" || block.event !== undefined, { message: "Выберите событие, на которое регистрировать", path: ["event"] })
  .meta({ title: "Форма" });

const cta = z
  .strictObject({
    kind: z.literal("cta"),
    title: text(TITLE_MAX).meta({ title: "Призыв" }),
    text: text(PARAGRAPH_MAX).optional().meta({ title: "Пояснение" }),
    button: buttonText(),
  })
  .meta({ title: "Призыв к действию" });

/** One block of a landing, by its `kind`. */
export const LandingBlockSchema = z.discriminatedUnion("kind", [
  hero,
  textBlock,
  picked("services", "Услуги", "Услуги"),
  picked("cases", "Кейсы", "Кейсы"),
  picked("reviews", "Отзывы", "Что говорят клиенты"),
  figures,
  steps,
  questions,
  form,
  cta,
  picked("team", "Команда", "Кто будет работать над проектом"),
]);

export type LandingBlock = z.output<typeof LandingBlockSchema>;
export type LandingBlockKind = LandingBlock["kind"];

const variant = z
  .strictObject({
    title: text(TITLE_MAX).meta({ title: "Заголовок" }),
    button: text(NAME_MAX).meta({ title: "Текст кнопки" }),
  })
  .meta({ title: "Вариант" });

/** A campaign page: `content/landings/<slug>.md`. */
export const LandingSchema = withGroups(
  z
    .strictObject({
      slug: slug().meta({ title: "Адрес", description: "Часть адреса страницы: /lp/адрес/" }),
      ...seo(),
      blocks: z
        .array(LandingBlockSchema)
        .min(1, "Начните с\u00a0первого экрана")
        .max(BLOCKS_MAX, `Не\u00a0больше ${BLOCKS_MAX} блоков`)
        .meta({ title: "Блоки", "x-widget": "blocks" }),
      variants: z
        .array(variant)
        .max(OTHER_VARIANTS_MAX, `Не\u00a0больше ${OTHER_VARIANTS_MAX} вариантов, кроме основного`)
        .default([])
        .meta({ title: "Тест заголовка", description: "Варианты Б и В заголовка и кнопки первого экрана; вариант А — сам первый экран. Пока здесь есть вариант, идёт тест" }),
      hidden: z.boolean().default(false).meta({ title: "Скрыть от поисковиков", description: "Страницы не будет в карте сайта, поисковикам скажут её не показывать" }),
    })
    .superRefine((landing, ctx) => {
      if (landing.blocks[0]?.kind !== "hero") ctx.addIssue({ code: "custom", path: ["blocks", 0], message: "Первым идёт блок «Первый экран»" });
      landing.blocks.forEach((block, i) => {
        if (i > 0 && block.kind === "hero") ctx.addIssue({ code: "custom", path: ["blocks", i], message: "Первый экран на странице один: он идёт первым" });
      });
      if (landing.blocks.filter((block) => block.kind === "form").length > 1) {
        ctx.addIssue({ code: "custom", path: ["blocks"], message: "Форма на странице одна: кнопки ведут к ней" });
      }
    }),
  [
    { title: "Блоки", fields: ["blocks"] },
    { title: "Адрес и поиск", fields: ["slug", "title", "description", "hidden"] },
    { title: "Тест заголовка", fields: ["variants"] },
  ],
);

export type Landing = z.output<typeof LandingSchema>;
export type LandingVariant = { key: VariantKey; title: string; button: string };

/** A landing's variants of the first screen, its own (А) first: one when no test runs. */
export function landingVariants(landing: { blocks: ReadonlyArray<{ kind: string; title?: string; button?: string }>; variants: ReadonlyArray<{ title: string; button: string }> }): LandingVariant[] {
  const first = landing.blocks[0];
  const own = first?.kind === "hero" ? { title: first.title ?? "", button: first.button ?? "" } : { title: "", button: "" };
  return [own, ...landing.variants].slice(0, VARIANT_KEYS.length).map((v, i) => ({ key: VARIANT_KEYS[i] as VariantKey, title: v.title, button: v.button }));
}
