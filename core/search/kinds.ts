/**
 * What a search result is. The key is stored in the index (by its position
 * here) and travels in the `type` URL parameter; the labels are what the
 * visitor reads. Shared by the build step (server/releases/search.ts) and the page.
 */
export const SEARCH_KINDS = ["service", "case", "review", "article", "position", "event", "question", "page"] as const;

export type SearchKind = (typeof SEARCH_KINDS)[number];

export const KIND_LABELS: Record<SearchKind, { one: string; many: string }> = {
  service: { one: "Услуга", many: "Услуги" },
  case: { one: "Кейс", many: "Кейсы" },
  review: { one: "Отзыв", many: "Отзывы" },
  article: { one: "Статья", many: "Статьи" },
  position: { one: "Вакансия", many: "Вакансии" },
  event: { one: "Событие", many: "События" },
  question: { one: "Вопрос", many: "Вопросы" },
  // Company, contacts, values, industries, legal documents: pages without a collection.
  page: { one: "Страница", many: "Страницы" },
};

export function isSearchKind(value: unknown): value is SearchKind {
  return typeof value === "string" && (SEARCH_KINDS as readonly string[]).includes(value);
}
