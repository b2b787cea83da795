import { z } from "zod";
import { cover, httpsUrl, isoDate, MARKDOWN_MAX_CHARS, MARKDOWN_TOO_LONG, markdown, metric, ref, searched, seo, slug, text, yearMonth, withGroups } from "../fields.ts";
import { NAME_MAX, PARAGRAPH_MAX, REFERENCES_MAX, TITLE_MAX } from "../limits.ts";

/** Sections of the projects area: /projects/<card>/<slug>/. */
export const PROJECT_CARDS = ["cases", "reviews"] as const;
export type ProjectCard = (typeof PROJECT_CARDS)[number];

/** A case study: `content/projects/cases/<slug>.md`. */
export const CaseSchema = withGroups(
  z.strictObject({
  slug: slug().meta({ title: "Адрес", description: "Часть адреса кейса: /projects/cases/адрес/" }),
  ...seo(),
  cover: cover(),
  /** The client's name as it may be published (also drawn as its wordmark). */
  client: text(NAME_MAX).meta({ title: "Клиент", description: "Как его можно называть публично", ...searched("name") }),
  /** Industry slug. */
  industry: ref("industries").meta({ title: "Отрасль", ...searched("lead") }),
  /** Slugs of the services the case shows. */
  services: z.array(ref("services")).min(1).max(REFERENCES_MAX).meta({ title: "Услуги", ...searched("heading") }),
  /** When the work ran. */
  period: z
    .strictObject({
      from: yearMonth().meta({ title: "С", description: "Месяц, когда работа началась" }),
      to: yearMonth().optional().meta({ title: "По", description: "Не выбран, если работа идёт" }),
    })
    .meta({ title: "Период работы" }),
  /** Publication date, for ordering (newest first). */
  published: isoDate().meta({ title: "Дата публикации" }),
  /** Shown on the home page. */
  featured: z.boolean().default(false).meta({ title: "Показывать на главной" }),
  /** The client's situation and goal (Markdown). */
  task: markdown().meta({ title: "Задача" }),
  /** What was done (Markdown). */
  solution: markdown().meta({ title: "Решение" }),
  /** Measured outcome: 2–4 metrics. */
  results: z.array(metric()).min(2).max(6).meta({ title: "Результаты", description: "От 2 до 6 показателей" }),
  /** A quote from the client. */
  quote: z
    .strictObject({
      text: text(PARAGRAPH_MAX).meta({ title: "Цитата" }),
      author: text(NAME_MAX).meta({ title: "Автор" }),
      position: text(TITLE_MAX).meta({ title: "Должность" }),
    })
    .optional()
    .meta({ title: "Цитата клиента" }),
  /** Details beyond task and solution (Markdown, may be empty). */
  // Optional as the form says: left empty (or not sent at all), it saves as no details.
  body: z
    .string()
    .max(MARKDOWN_MAX_CHARS, MARKDOWN_TOO_LONG)
    .optional()
    .transform((s) => (s ?? "").trim())
    .pipe(z.union([z.literal(""), markdown()]))
    .meta({ title: "Подробности", description: "Необязательно", contentMediaType: "text/markdown" }),
  }),
  [
    { title: "Основное", fields: ["client", "industry", "services", "period", "published", "featured", "cover"] },
    { title: "Адрес и поиск", fields: ["slug", "title", "description"] },
    { title: "Задача, решение, результат", fields: ["task", "solution", "results", "quote"] },
    { title: "Текст кейса", fields: ["body"] },
  ],
);

/** A client review: `content/projects/reviews/<slug>.md`. */
export const ReviewSchema = withGroups(
  z.strictObject({
  slug: slug().meta({ title: "Адрес", description: "Часть адреса отзыва: /projects/reviews/адрес/" }),
  ...seo(),
  /** Who wrote the review. */
  author: text(NAME_MAX).meta({ title: "Автор отзыва" }),
  /** Their position at the client. */
  position: text(TITLE_MAX).meta({ title: "Должность" }),
  /** The client company. */
  company: text(NAME_MAX).meta({ title: "Компания", ...searched("name") }),
  /** Industry slug, for filters. */
  industry: ref("industries").meta({ title: "Отрасль", ...searched("lead") }),
  /** Slugs of the services reviewed, for filters. */
  services: z.array(ref("services")).min(1).max(REFERENCES_MAX).meta({ title: "Услуги", ...searched("heading") }),
  /** Slug of the case the review belongs to, where one is published. */
  case: ref("cases").optional().meta({ title: "Кейс", description: "Если по этой работе опубликован кейс" }),
  /** Stars out of 5, where the review was given with a rating. */
  rating: z.number().int().min(1).max(5).optional().meta({ title: "Оценка", description: "Звёзды от 1 до 5, если клиент их ставил" }),
  /** Where the review was first published: on a letterhead, a rating site… */
  source: z
    .strictObject({
      name: text(NAME_MAX).meta({ title: "Где" }),
      url: httpsUrl().optional().meta({ title: "Ссылка" }),
    })
    .optional()
    .meta({ title: "Источник", description: "Где отзыв опубликован впервые: на бланке, на сайте рейтинга…" }),
  published: isoDate().meta({ title: "Дата публикации" }),
  /** The review text (Markdown). */
  body: markdown().meta({ title: "Текст отзыва" }),
  }),
  [
    { title: "Основное", fields: ["author", "position", "company", "rating", "published", "source"] },
    { title: "Адрес и поиск", fields: ["slug", "title", "description"] },
    { title: "О проекте", fields: ["industry", "services", "case"] },
    { title: "Текст отзыва", fields: ["body"] },
  ],
);

export type Case = z.output<typeof CaseSchema>;
export type Review = z.output<typeof ReviewSchema>;
export type Metric = Case["results"][number];
