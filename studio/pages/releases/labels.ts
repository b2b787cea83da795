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

/** An entry kind's name: "articles" → «Статья». */
export const kindLabel = (kind: string) => KINDS[kind] ?? kind;

/** «Статья «Заголовок»»; an entry no longer saved keeps its address part. */
export function changeLabel(entry: string, titles: Record<string, string> = {}): string {
  const [kind = "", slug] = entry.split("/");
  const name = KINDS[kind] ?? kind;
  if (!slug) return name;
  const title = titles[entry];
  return title ? `${name} «${title.replace(/«/g, "„").replace(/»/g, "“")}»` : `${name} ${slug}`;
}

/** «3 статьи, отзыв…»: at most a few names, then how many more. */
export function changesSummary(changed: readonly string[], full: string | null, titles: Record<string, string> = {}): string {
  if (full) return `все страницы (${full})`;
  if (changed.length === 0) return "без изменений содержимого";
  const shown = changed.slice(0, 3).map((entry) => changeLabel(entry, titles)).join(", ");
  return changed.length > 3 ? `${shown} и ещё ${changed.length - 3}` : shown;
}
