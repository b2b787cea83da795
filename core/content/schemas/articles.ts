import { z } from "zod";
import { cover, isoDate, markdown, ref, seo, slug, SLUG_PATTERN } from "../fields.ts";
import { TAG_MAX, TAGS_MAX } from "../limits.ts";

export const ARTICLE_CATEGORIES = ["seo", "aso", "performance", "analytics", "brand"] as const;

/** A topic tag: a lowercase Latin slug of a word or two. */
const tag = () => z.string().max(TAG_MAX, `Не\u00a0длиннее ${TAG_MAX} знаков`).regex(SLUG_PATTERN, "Только строчные латинские буквы, цифры и дефисы между ними");

/** An academy article: `content/academy/<slug>.md`. */
export const ArticleSchema = z.strictObject({
  slug: slug().meta({ title: "Адрес", description: "Часть адреса статьи: /academy/адрес/" }),
  ...seo(),
  cover: cover(),
  /** Team member id from content/company.yaml. */
  author: ref("team").meta({ title: "Автор", description: "Сотрудник из раздела «Компания»" }),
  category: z.enum(ARTICLE_CATEGORIES).meta({ title: "Рубрика", "x-labels": { seo: "SEO", aso: "ASO", performance: "Performance", analytics: "Аналитика", brand: "Бренд" } }),
  /** Topic tags (lowercase latin slugs), used as filters on /academy/. */
  tags: z.array(tag()).min(1).max(TAGS_MAX, `Не\u00a0больше ${TAGS_MAX} тегов`).meta({ title: "Теги", description: "Строчными латинскими буквами; по ним фильтруют статьи в Академии" }),
  /** First publication date. */
  published: isoDate().meta({ title: "Дата публикации" }),
  /** Date of the last substantive update, if any. */
  updated: isoDate().optional().meta({ title: "Дата обновления", description: "Если статью существенно дополнили" }),
  /** The article (Markdown: headings ##/###, lists, quotes, tables, images, fenced code with a language). */
  body: markdown().meta({ title: "Текст статьи" }),
});

export type Article = z.output<typeof ArticleSchema>;
export type ArticleCategory = Article["category"];
