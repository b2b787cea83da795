import type { Route } from "./+types/list";
import { content } from "../../content/index.server.ts";
import { formatDate } from "../../lib/format.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { AppLink } from "../../ui/app-link.tsx";
import { PageHeader } from "../../ui/page-header.tsx";

export function loader() {
  const c = content();
  return {
    page: c.pages.academy,
    articles: c.articles.map(({ slug, title, description, published }) => ({ slug, title, description, published })),
  };
}

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "Академия — RSS", href: paths.academyRss() },
];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

export default function AcademyPage({ loaderData: { page, articles } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="Академия" />
      <ul className="container card-list">
        {articles.map((a) => (
          <li key={a.slug}>
            <AppLink to={paths.article(a.slug)}>{a.title}</AppLink>
            <p>{a.description}</p>
            <time dateTime={a.published}>{formatDate(a.published)}</time>
          </li>
        ))}
      </ul>
    </>
  );
}
