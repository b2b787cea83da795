import { coverImage } from "#core/content/uploads.server.ts";
import type { Content } from "#core/content/index.server.ts";
import type { Article } from "#core/content/schemas/articles.ts";

/** Russian non-fiction reading speed, words per minute. */
const WORDS_PER_MINUTE = 180;

/** Minutes to read rendered HTML (code counts as text: readers skim it too). */
export function readingMinutes(html: string): number {
  const words = html.replace(/<[^>]*>/g, " ").split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

export type ArticleSummary = ReturnType<typeof articleSummary>;

/** What a list or a related-articles card shows about an article. */
export function articleSummary(article: Article, team: Content["company"]["team"]) {
  const author = team.find((m) => m.id === article.author);
  return {
    slug: article.slug,
    title: article.title,
    description: article.description,
    category: article.category,
    tags: article.tags,
    published: article.published,
    updated: article.updated ?? null,
    minutes: readingMinutes(article.body),
    author: author?.name ?? null,
    cover: coverImage(article.cover),
  };
}
