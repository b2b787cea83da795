import { formatDate } from "#core/lib/format.ts";
import { paths } from "#core/lib/paths.ts";
import { AppLink } from "../../ui/app-link.tsx";

export type SuggestionsData = {
  services: Array<{ slug: string; name: string; summary: string }>;
  articles: Array<{ slug: string; title: string; published: string }>;
};

/** What an empty query shows: popular services and the latest articles. */
export function Suggestions({ services, articles }: SuggestionsData) {
  return (
    <div className="search-suggestions container">
      <section aria-labelledby="search-popular">
        <h2 id="search-popular">Популярные услуги</h2>
        <ul className="search-suggestions__list">
          {services.map((s) => (
            <li key={s.slug}>
              <AppLink to={paths.service(s.slug)}>{s.name}</AppLink>
              <p>{s.summary}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="search-latest">
        <h2 id="search-latest">Новые статьи</h2>
        <ul className="search-suggestions__list">
          {articles.map((a) => (
            <li key={a.slug}>
              <AppLink to={paths.article(a.slug)}>{a.title}</AppLink>
              <p>
                <time dateTime={a.published}>{formatDate(a.published)}</time>
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
