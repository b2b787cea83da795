import type { Route } from "./+types/article";
import { publicConfig } from "#core/config/env.server.ts";
import { content, scanCollection } from "#core/content/index.server.ts";
import { tableOfContents } from "#core/content/markdown.server.ts";
import { tagAddress } from "#core/content/tags.ts";
import { coverImage } from "#core/content/uploads.server.ts";
import { teamAvatar } from "../../images/images.server.ts";
import { requireEntry } from "../../lib/errors.ts";
import { formatDate } from "#core/lib/format.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "#core/lib/paths.ts";
import { article as articleLd } from "../../lib/structured-data.server.ts";
import { useSiteConfig } from "../../lib/use-site-config.ts";
import { JsonLd } from "../../ui/json-ld.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Picture } from "../../ui/picture.tsx";
import { Prose } from "../../ui/prose.tsx";
import { Section } from "../../ui/section.tsx";
import { Tag, TagList } from "../../ui/tag.tsx";
import { ArticleCard } from "./article-card.tsx";
import { academyHref } from "./query.ts";
import { CATEGORY_LABELS, minutesLabel } from "./labels.ts";
import { ShareLinks } from "./share.tsx";
import { articleSummary, readingMinutes } from "./summary.server.ts";

export function loader({ params, request }: Route.LoaderArgs) {
  const c = content();
  // Scanned, not read entry by entry: every article page looks through every article.
  const scanned = scanCollection("articles", ["slug", "category", "tags"]);
  const article = requireEntry(c.articles[scanned.findIndex((a) => a.slug === params.slug)], request);
  const author = c.company.team.find((m) => m.id === article.author);
  // Related: the same category first, then shared tags (by address: «SEO» is «seo»); newest first within equal scores.
  const addresses = new Set(article.tags.map(tagAddress));
  const related = scanned
    .map((a, index) => ({ index, score: a.slug === article.slug ? 0 : (a.category === article.category ? 2 : 0) + a.tags.filter((t) => addresses.has(tagAddress(t))).length }))
    .filter((r) => r.score > 0)
    .sort((x, y) => y.score - x.score)
    .slice(0, 3)
    .map((r) => articleSummary(c.articles[r.index] as (typeof c.articles)[number], c.company.team));
  const site = publicConfig();
  const structuredData = articleLd(site, {
    title: article.title,
    description: article.description,
    path: paths.article(article.slug),
    published: article.published,
    updated: article.updated,
    author: author?.name ?? site.brand,
  });
  return {
    structuredData,
    article,
    toc: tableOfContents(article.body),
    minutes: readingMinutes(article.body),
    author: author ? { id: author.id, name: author.name, role: author.role, bio: author.bio, avatar: teamAvatar(author.id) } : null,
    related,
    cover: coverImage(article.cover),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.article.title,
    description: args.loaderData?.article.description ?? "",
    type: "article",
    ...(args.loaderData?.cover ? { image: args.loaderData.cover.og } : {}),
  });

export default function ArticlePage({ loaderData: { article, toc, minutes, author, related, structuredData, cover } }: Route.ComponentProps) {
  const site = useSiteConfig();
  const path = paths.article(article.slug);
  return (
    <>
      <article className="article">
        <JsonLd data={structuredData} />
        <PageHeader title={article.title} lead={article.description} trail={[{ to: paths.academy(), label: "Академия" }]}>
          <p className="article-meta article-meta--header">
            <Tag size="s" tone="accent" to={academyHref({ category: article.category })}>
              {CATEGORY_LABELS[article.category]}
            </Tag>
            {author ? <span>{author.name}</span> : null}
            <span>
              <time dateTime={article.published}>{formatDate(article.published)}</time>
            </span>
            {article.updated ? (
              <span>
                обновлено <time dateTime={article.updated}>{formatDate(article.updated)}</time>
              </span>
            ) : null}
            <span>{minutesLabel(minutes)} чтения</span>
          </p>
        </PageHeader>
        <div className="container article__layout">
          {toc.length > 1 ? (
            <nav className="toc article__toc" aria-labelledby="toc-title">
              <p className="toc__title" id="toc-title">
                Содержание
              </p>
              <ol className="toc__list">
                {toc.map((entry) => (
                  <li key={entry.id}>
                    <a href={`#${entry.id}`}>{entry.title}</a>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          <div className="article__body stack stack--l">
            {cover ? (
              <figure className="article__cover">
                <Picture image={cover.image} alt={cover.alt} sizes="(min-width: 48rem) 48rem, 100vw" priority />
              </figure>
            ) : null}
            <Prose html={article.body} />
            <TagList label="Теги статьи">
              {article.tags.map((tag) => (
                <li key={tag}>
                  <Tag size="s" to={academyHref({ tag: tagAddress(tag) })}>
                    {tag}
                  </Tag>
                </li>
              ))}
            </TagList>
            <ShareLinks url={`${site.origin}${path}`} title={article.title} />
            {author ? (
              <aside className="author-card" aria-label="Автор">
                <Picture image={author.avatar} alt="" sizes="96px" className="author-card__avatar" />
                <div>
                  <p className="author-card__name">{author.name}</p>
                  <p className="author-card__role">{author.role}</p>
                  <p className="author-card__bio">{author.bio}</p>
                </div>
              </aside>
            ) : null}
          </div>
        </div>
      </article>
      {related.length > 0 ? (
        <Section id="related" title="Читайте также" tone="surface">
          <ul className="grid grid--3" role="list">
            {related.map((a) => (
              <ArticleCard key={a.slug} article={a} headingLevel={3} />
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}
