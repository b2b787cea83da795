import type { ArticleCategory } from "#core/content/schemas/articles.ts";

/** How categories read on the site. */
export const CATEGORY_LABELS: Record<ArticleCategory, string> = {
  seo: "SEO",
  aso: "ASO",
  performance: "Performance",
  analytics: "Аналитика",
  brand: "Бренд",
};

/** 1 минута, 3 минуты, 5 минут. */
export function minutesLabel(n: number): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  const word = mod10 === 1 && mod100 !== 11 ? "минута" : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14) ? "минуты" : "минут";
  return `${n} ${word}`;
}
