/**
 * Names of what changed, in words: "articles/seo-audit" → «Статья seo-audit».
 * The entry kinds are the content table's (core/content/index.server.ts).
 */
const KINDS: Record<string, string> = {
  services: "Услуга",
  industries: "Отрасль",
  cases: "Кейс",
  reviews: "Отзыв",
  articles: "Статья",
  positions: "Вакансия",
  events: "Событие",
  legal: "Документ",
  worths: "Ценности",
  questions: "Вопросы и ответы",
  company: "Компания",
  contacts: "Контакты",
  pages: "Тексты страниц",
  navigation: "Навигация",
};

export function changeLabel(entry: string): string {
  const [kind = "", slug] = entry.split("/");
  const name = KINDS[kind] ?? kind;
  return slug ? `${name} ${slug}` : name;
}

/** «3 статьи, отзыв…»: at most a few names, then how many more. */
export function changesSummary(changed: readonly string[], full: string | null): string {
  if (full) return `все страницы (${full})`;
  if (changed.length === 0) return "без изменений содержимого";
  const shown = changed.slice(0, 3).map(changeLabel).join(", ");
  return changed.length > 3 ? `${shown} и ещё ${changed.length - 3}` : shown;
}
