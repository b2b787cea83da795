import { z } from "zod";
import { cover, isoDate, markdown, ref, seo, slug, withGroups } from "../fields.ts";
import { TAG_MAX, TAGS_MAX } from "../limits.ts";
import { TAG_PATTERN, tagAddress } from "../tags.ts";

export const ARTICLE_CATEGORIES = ["seo", "aso", "performance", "analytics", "brand"] as const;

/** A topic tag as typed and stored: tidy, bounded, and with an address (a Russian or Latin letter or a digit to make it from). */
const tag = () =>
  z
    .string()
    .max(TAG_MAX, `Не\u00a0длиннее ${TAG_MAX} знаков`)
    .regex(TAG_PATTERN, "Без запятых и\u00a0лишних пробелов")
    .refine((typed) => tagAddress(typed) !== "", "Нужна хотя\u00a0бы одна русская или латинская буква либо цифра: из\u00a0них составляется адрес тега");

/** An academy article: `content/academy/<slug>.md`. */
export const ArticleSchema = withGroups(
  z.strictObject({
  slug: slug().meta({ title: "Адрес", description: "Часть адреса статьи: /academy/адрес/" }),
  ...seo(),
  cover: cover(),
  /** Team member id from content/company.yaml. */
  author: ref("team").meta({ title: "Автор", description: "Сотрудник из раздела «Компания»" }),
  category: z.enum(ARTICLE_CATEGORIES).meta({ title: "Рубрика", "x-labels": { seo: "SEO", aso: "ASO", performance: "Performance", analytics: "Аналитика", brand: "Бренд" } }),
  /** Topic tags as typed («сквозная аналитика»), used as filters on /academy/ (each at the address core/content/tags.ts makes). */
  tags: z.array(tag()).min(1).max(TAGS_MAX, `Не\u00a0больше ${TAGS_MAX} тегов`).meta({ title: "Теги", description: "Как они читаются, по-русски или по-английски; по ним фильтруют статьи в Академии" }),
  /** First publication date. */
  published: isoDate().meta({ title: "Дата публикации" }),
  /** Date of the last substantive update, if any. */
  updated: isoDate().optional().meta({ title: "Дата обновления", description: "Если статью существенно дополнили" }),
  /** The article (Markdown: headings ##/###, lists, quotes, tables, images, fenced code with a language). */
  body: markdown().meta({ title: "Текст статьи" }),
  }),
  [
    { title: "Основное", fields: ["title", "author", "category", "tags", "published", "updated", "cover"] },
    { title: "Адрес и поиск", fields: ["slug", "description"] },
    { title: "Текст статьи", fields: ["body"] },
  ],
);

export type Article = z.output<typeof ArticleSchema>;
export type ArticleCategory = Article["category"];
