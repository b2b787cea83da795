import { z } from "zod";
import { isoDate, markdown, ref, seo, slug } from "../fields.server.ts";

export const ARTICLE_CATEGORIES = ["seo", "aso", "performance", "analytics", "brand"] as const;

/** An academy article: `content/academy/<slug>.md`. */
export const ArticleSchema = z.strictObject({
  slug: slug(),
  ...seo(),
  /** Team member id from content/company.yaml. */
  author: ref(),
  category: z.enum(ARTICLE_CATEGORIES),
  /** Topic tags (lowercase latin slugs), used as filters on /academy/. */
  tags: z.array(slug()).min(1),
  /** First publication date. */
  published: isoDate(),
  /** Date of the last substantive update, if any. */
  updated: isoDate().optional(),
  /** The article (Markdown: headings ##/###, lists, quotes, tables, images, fenced code with a language). */
  body: markdown(),
});

export type Article = z.output<typeof ArticleSchema>;
export type ArticleCategory = Article["category"];
