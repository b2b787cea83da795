import type { Route } from "./+types/article";
import { content } from "../../content/index.server.ts";
import { requireEntry } from "../../lib/errors.ts";
import { formatDate } from "../../lib/format.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { article as articleLd } from "../../lib/structured-data.ts";
import { useSiteConfig } from "../../lib/use-site-config.ts";
import { JsonLd } from "../../ui/json-ld.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Prose } from "../../ui/prose.tsx";

export function loader({ params, request }: Route.LoaderArgs) {
  const c = content();
  const article = requireEntry(
    c.articles.find((a) => a.slug === params.slug),
    request,
  );
  const author = c.company.team.find((m) => m.id === article.author);
  return { article, author: author ? { name: author.name, role: author.role } : null };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.article.title,
    description: args.loaderData?.article.description ?? "",
    type: "article",
  });

export default function ArticlePage({ loaderData: { article, author } }: Route.ComponentProps) {
  const site = useSiteConfig();
  return (
    <article>
      <JsonLd
        data={articleLd(site, {
          title: article.title,
          description: article.description,
          path: paths.article(article.slug),
          published: article.published,
          updated: article.updated,
          author: author?.name ?? site.brand,
        })}
      />
      <PageHeader title={article.title} trail={[{ to: paths.academy(), label: "Академия" }]}>
        <p className="page-header__meta">
          {author ? `${author.name}, ${author.role} · ` : null}
          <time dateTime={article.published}>{formatDate(article.published)}</time>
        </p>
      </PageHeader>
      <div className="container">
        <Prose html={article.body} />
      </div>
    </article>
  );
}
