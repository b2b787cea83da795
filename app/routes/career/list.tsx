import type { Route } from "./+types/list";
import { content } from "../../content/index.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { AppLink } from "../../ui/app-link.tsx";
import { PageHeader } from "../../ui/page-header.tsx";

export function loader() {
  const c = content();
  return {
    page: c.pages.career,
    positions: c.positions.map(({ slug, title, department, city }) => ({ slug, title, department, city })),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

export default function CareerPage({ loaderData: { page, positions } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="Карьера" />
      <ul className="container card-list">
        {positions.map((p) => (
          <li key={p.slug}>
            <AppLink to={paths.position(p.slug)}>{p.title}</AppLink>
            <p>
              {p.department}&nbsp;· {p.city}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
