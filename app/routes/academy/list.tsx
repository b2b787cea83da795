import type { Route } from "./+types/list";
import { content } from "#core/content/index.server.ts";
import { ARTICLE_CATEGORIES } from "#core/content/schemas/articles.ts";
import { tagAddress, tagsByAddress } from "#core/content/tags.ts";
import { requireEntry } from "../../lib/errors.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "#core/lib/paths.ts";
import { AppLink } from "../../ui/app-link.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Tag, TagList } from "../../ui/tag.tsx";
import { ArticleCard } from "./article-card.tsx";
import { CATEGORY_LABELS } from "./labels.ts";
import { academyHref, PAGE_SIZE, parseAcademyQuery } from "./query.ts";
import { articleSummary } from "./summary.server.ts";

/** Filters and pages live in the query: the prerendered page is /academy/, other states render on request. */
export function loader({ request }: Route.LoaderArgs) {
  const c = content();
  const query = parseAcademyQuery(new URL(request.url).searchParams);
  // A tag is shown as typed and filtered by its address (`?tag=skvoznaya-analitika`).
  const tags = tagsByAddress(c.articles.map((a) => a.tags));
  const knownCategory = query.category === null || (ARTICLE_CATEGORIES as readonly string[]).includes(query.category);
  const knownTag = query.tag === null || tags.some((t) => t.address === query.tag);
  const matching = c.articles.filter(
    (a) => (query.category === null || a.category === query.category) && (query.tag === null || a.tags.some((t) => tagAddress(t) === query.tag)),
  );
  const pageCount = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  // An unknown filter or a page past the end is a page that does not exist.
  requireEntry(knownCategory && knownTag && query.page <= pageCount ? true : undefined, request);
  return {
    page: c.pages.academy,
    query,
    pageCount,
    total: matching.length,
    tags,
    categories: ARTICLE_CATEGORIES.filter((cat) => c.articles.some((a) => a.category === cat)),
    articles: matching.slice((query.page - 1) * PAGE_SIZE, query.page * PAGE_SIZE).map((a) => articleSummary(a, c.company.team)),
  };
}

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "Академия — RSS", href: paths.academyRss() },
];

export const meta: Route.MetaFunction = (args) => {
  const q = args.loaderData?.query;
  const suffix = q && q.page > 1 ? ` — страница ${q.page}` : "";
  return pageMeta(args, {
    title: args.loaderData ? `${args.loaderData.page.title}${suffix}` : undefined,
    description: args.loaderData?.page.description ?? "",
  });
};

export default function AcademyPage({ loaderData: { page, query, pageCount, total, tags, categories, articles } }: Route.ComponentProps) {
  const filtered = query.category !== null || query.tag !== null;
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="Академия" />
      <div className="container academy">
        <nav className="academy__filters" aria-label="Фильтры статей">
          <TagList label="Рубрики">
            <li>
              <Tag to={academyHref({ tag: query.tag })} selected={query.category === null}>
                Все рубрики
              </Tag>
            </li>
            {categories.map((cat) => (
              <li key={cat}>
                <Tag to={academyHref({ category: cat, tag: query.tag })} selected={query.category === cat} tone="accent">
                  {CATEGORY_LABELS[cat]}
                </Tag>
              </li>
            ))}
          </TagList>
          <TagList label="Теги">
            {tags.map(({ address, label }) => (
              <li key={address}>
                <Tag size="s" to={academyHref({ category: query.category, tag: query.tag === address ? null : address })} selected={query.tag === address}>
                  {label}
                </Tag>
              </li>
            ))}
          </TagList>
          {filtered ? (
            <p className="academy__count" role="status">
              Найдено статей: {total}. <AppLink to={paths.academy()}>Сбросить фильтры</AppLink>
            </p>
          ) : null}
        </nav>
        {articles.length > 0 ? (
          <ul className="grid grid--3 academy__list" role="list">
            {articles.map((a) => (
              <ArticleCard key={a.slug} article={a} />
            ))}
          </ul>
        ) : (
          <p className="academy__empty">Статей с такими фильтрами нет.</p>
        )}
        {pageCount > 1 ? <Pagination current={query.page} count={pageCount} category={query.category} tag={query.tag} /> : null}
      </div>
    </>
  );
}

/** Plain links: paging works without JavaScript and every page has its own address. */
function Pagination({ current, count, category, tag }: { current: number; count: number; category: string | null; tag: string | null }) {
  const pages = Array.from({ length: count }, (_, i) => i + 1);
  return (
    <nav className="pagination" aria-label="Страницы списка">
      {current > 1 ? (
        <AppLink className="pagination__step" to={academyHref({ category, tag, page: current - 1 })} rel="prev">
          ← Назад
        </AppLink>
      ) : null}
      <ol className="pagination__pages">
        {pages.map((n) => (
          <li key={n}>
            {n === current ? (
              <span className="pagination__page" aria-current="page">
                {n}
              </span>
            ) : (
              <AppLink className="pagination__page" to={academyHref({ category, tag, page: n })} aria-label={`Страница ${n}`}>
                {n}
              </AppLink>
            )}
          </li>
        ))}
      </ol>
      {current < count ? (
        <AppLink className="pagination__step" to={academyHref({ category, tag, page: current + 1 })} rel="next">
          Вперёд →
        </AppLink>
      ) : null}
    </nav>
  );
}
