import type { Route } from "./+types/list";
import { content } from "../../content/index.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { AppLink } from "../../ui/app-link.tsx";
import { PageHeader } from "../../ui/page-header.tsx";

export function loader() {
  const c = content();
  return {
    page: c.pages.projects,
    cases: c.cases.map(({ slug, title, client }) => ({ slug, title, client })),
    reviews: c.reviews.map(({ slug, title, company }) => ({ slug, title, company })),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

export default function ProjectsPage({ loaderData: { page, cases, reviews } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="Проекты" />
      <div className="container">
        <h2>Кейсы</h2>
        <ul className="card-list">
          {cases.map((p) => (
            <li key={p.slug}>
              <AppLink to={paths.project("cases", p.slug)}>{p.title}</AppLink>
              <p>{p.client}</p>
            </li>
          ))}
        </ul>
        <h2>Отзывы</h2>
        <ul className="card-list">
          {reviews.map((r) => (
            <li key={r.slug}>
              <AppLink to={paths.project("reviews", r.slug)}>{r.title}</AppLink>
              <p>{r.company}</p>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
