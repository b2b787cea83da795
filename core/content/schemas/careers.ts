import { z } from "zod";
import { isoDate, markdown, searched, seo, slug, text, withGroups } from "../fields.ts";
import { ITEMS_MAX, NAME_MAX, PARAGRAPH_MAX, TITLE_MAX } from "../limits.ts";

/** A point of a list: one line. */
const item = (title: string) => text(TITLE_MAX).meta({ title });
const points = (title: string, min: number) => z.array(item(title)).min(min).max(ITEMS_MAX);

/** An open position: `content/career/<slug>.md`. */
export const PositionSchema = withGroups(
  z.strictObject({
  slug: slug().meta({ title: "Адрес", description: "Часть адреса вакансии: /career/адрес/" }),
  ...seo(),
  /** Department the position is grouped under on /career/. */
  department: text(NAME_MAX).meta({ title: "Отдел", description: "По нему группируются вакансии на странице «Карьера»", ...searched("heading") }),
  level: z.enum(["junior", "middle", "senior", "lead"]).meta({ title: "Уровень", "x-labels": { junior: "Junior", middle: "Middle", senior: "Senior", lead: "Lead" }, ...searched("heading") }),
  format: z.enum(["office", "remote", "hybrid"]).meta({ title: "Формат работы", "x-labels": { office: "Офис", remote: "Удалённо", hybrid: "Гибрид" }, ...searched("lead") }),
  city: text(NAME_MAX).meta({ title: "Город", ...searched("lead") }),
  /** Monthly salary range in roubles before tax, when published. */
  salary: z
    .strictObject({
      from: z.number().int().positive().meta({ title: "От, ₽" }),
      to: z.number().int().positive().optional().meta({ title: "До, ₽" }),
    })
    .optional()
    .meta({ title: "Зарплата", description: "В месяц, до вычета налогов" }),
  published: isoDate().meta({ title: "Дата публикации" }),
  /** One or two sentences for the list. */
  summary: text(PARAGRAPH_MAX).meta({ title: "Кратко", description: "Одно-два предложения для списка вакансий" }),
  responsibilities: points("Обязанность", 3).meta({ title: "Обязанности" }),
  requirements: points("Требование", 3).meta({ title: "Требования" }),
  niceToHave: points("Пункт", 0).default([]).meta({ title: "Будет плюсом" }),
  conditions: points("Условие", 3).meta({ title: "Условия" }),
  /** Hiring steps, in order. */
  process: z
    .array(z.strictObject({ title: text(TITLE_MAX).meta({ title: "Этап" }), text: text(PARAGRAPH_MAX).meta({ title: "Описание" }) }))
    .min(2)
    .max(ITEMS_MAX)
    .meta({ title: "Как проходит отбор", description: "Этапы по порядку" }),
  /** About the team and the work (Markdown). */
  body: markdown().meta({ title: "О команде и работе" }),
  }),
  [
    { title: "Основное", fields: ["department", "level", "format", "city", "salary", "published", "summary"] },
    { title: "Адрес и поиск", fields: ["slug", "title", "description"] },
    { title: "Задачи и требования", fields: ["responsibilities", "requirements", "niceToHave"] },
    { title: "Условия и отбор", fields: ["conditions", "process"] },
    { title: "Текст вакансии", fields: ["body"] },
  ],
);

export type Position = z.output<typeof PositionSchema>;
