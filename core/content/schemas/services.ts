import { z } from "zod";
import { faqItem, icon, markdown, metric, ref, seo, slug, text, withGroups } from "../fields.ts";
import { ITEMS_MAX, NAME_MAX, PARAGRAPH_MAX, REFERENCES_MAX, TITLE_MAX } from "../limits.ts";

export const SERVICE_DIRECTIONS = ["analytics", "marketing", "creative", "development", "consulting"] as const;

/** A service the agency sells: `content/services/<slug>.md`. */
export const ServiceSchema = withGroups(
  z.strictObject({
  /** The file name; the page lives at /services/<slug>/. */
  slug: slug().meta({ title: "Адрес", description: "Часть адреса услуги: /services/адрес/" }),
  ...seo(),
  /** Short name for cards, menus and breadcrumbs (the title may be longer). */
  name: text(NAME_MAX).meta({ title: "Название", description: "Коротко, для карточек, меню и «хлебных крошек»" }),
  /** Direction the service is grouped under on /services/. */
  direction: z.enum(SERVICE_DIRECTIONS).meta({
    title: "Направление",
    "x-labels": { analytics: "Аналитика", marketing: "Маркетинг", creative: "Креатив", development: "Разработка", consulting: "Консалтинг" },
  }),
  /** Position within its direction (ascending). */
  order: z.number().int().min(0).default(100).meta({ title: "Порядок", description: "Меньше — выше в своём направлении" }),
  /** Shown among popular services (home, search suggestions). */
  popular: z.boolean().default(false).meta({ title: "Популярная", description: "Показывать на главной и в подсказках поиска" }),
  icon: icon(),
  /** One or two sentences for cards and the page lead. */
  summary: text(PARAGRAPH_MAX).meta({ title: "Кратко", description: "Одно-два предложения для карточек и начала страницы" }),
  /**
   * What clients say when they come with this task, in their own words («Реклама крутится, а
   * заявок нет»): shown on the page as «С чем к нам приходят», so a visitor who describes the
   * problem rather than names the service still finds the page. Searched as the page's text, not
   * with a weight of its own: as a weighed field its everyday words outranked pages named by them
   * («бюджет на маркетинг», «как часто присылаете отчёты» lost first place in the tuning set).
   */
  requests: z
    .array(text(TITLE_MAX).meta({ title: "Запрос" }))
    .max(ITEMS_MAX)
    .default([])
    .meta({ title: "С чем приходят", description: "Задачи словами клиентов, как их говорят при первом звонке; обычно от 8 до 16" }),
  /** What the client gets: 4–8 items. */
  included: z
    .array(z.strictObject({ title: text(TITLE_MAX).meta({ title: "Что" }), text: text(PARAGRAPH_MAX).meta({ title: "Подробнее" }) }))
    .min(3)
    .max(ITEMS_MAX)
    .meta({ title: "Что входит", description: "Обычно от 4 до 8 пунктов" }),
  /** How the work goes, in order. */
  stages: z
    .array(
      z.strictObject({
        title: text(TITLE_MAX).meta({ title: "Этап" }),
        text: text(PARAGRAPH_MAX).meta({ title: "Что делаем" }),
        duration: text(NAME_MAX).optional().meta({ title: "Сколько длится" }),
      }),
    )
    .min(3)
    .max(ITEMS_MAX)
    .meta({ title: "Этапы работы", description: "По порядку" }),
  /** Typical results of this service in past projects. */
  results: z.array(metric()).min(2).max(ITEMS_MAX).meta({ title: "Типичные результаты" }),
  /** How the service is priced. */
  pricing: z
    .strictObject({
      model: z.enum(["monthly", "project", "hourly", "percent"]).meta({
        title: "Как считаем",
        "x-labels": { monthly: "Абонентская плата", project: "За проект", hourly: "Почасово", percent: "Процент от бюджета" },
      }),
      /** Lowest price in roubles before VAT (for "percent": the minimum monthly fee). */
      from: z.number().int().positive().meta({ title: "Цена от, ₽", description: "Без НДС; для процента — минимальный платёж в месяц" }),
      note: text(PARAGRAPH_MAX).optional().meta({ title: "Примечание" }),
    })
    .meta({ title: "Стоимость" }),
  /** Tools and platforms used (for dedicated pages and "stack" blocks). */
  tools: z.array(z.string().trim().min(1).max(NAME_MAX)).max(ITEMS_MAX).default([]).meta({ title: "Инструменты", description: "Сервисы и платформы, с которыми работаем" }),
  /** Fixed packages, where the service is sold in packages. */
  packages: z
    .array(
      z.strictObject({
        name: text(NAME_MAX).meta({ title: "Название пакета" }),
        price: z.number().int().positive().meta({ title: "Цена, ₽" }),
        period: z.enum(["month", "project"]).meta({ title: "За что", "x-labels": { month: "В месяц", project: "За проект" } }),
        features: z.array(text(TITLE_MAX).meta({ title: "Что входит" })).min(2).max(ITEMS_MAX).meta({ title: "Что входит" }),
        highlighted: z.boolean().default(false).meta({ title: "Выделить" }),
      }),
    )
    .max(ITEMS_MAX)
    .default([])
    .meta({ title: "Пакеты", description: "Если услугу продают готовыми пакетами" }),
  /** Slugs of cases that show this service at work. */
  cases: z.array(ref("cases")).max(REFERENCES_MAX).default([]).meta({ title: "Кейсы", description: "Кейсы, где видна эта услуга" }),
  faq: z.array(faqItem()).max(ITEMS_MAX).default([]).meta({ title: "Вопросы и ответы" }),
  /** The longer description (Markdown). */
  body: markdown().meta({ title: "Описание" }),
  }),
  [
    { title: "Основное", fields: ["name", "summary", "direction", "icon", "order", "popular"] },
    { title: "Адрес и поиск", fields: ["slug", "title", "description"] },
    { title: "С чем приходят, что входит, этапы", fields: ["requests", "included", "stages"] },
    { title: "Результаты и стоимость", fields: ["results", "pricing", "packages"] },
    { title: "Инструменты, кейсы, вопросы", fields: ["tools", "cases", "faq"] },
    { title: "Описание", fields: ["body"] },
  ],
);

export type Service = z.output<typeof ServiceSchema>;
export type ServiceDirection = Service["direction"];
