import type { Route } from "./+types/list";
import { content } from "../../content/index.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { AppLink } from "../../ui/app-link.tsx";
import { PageHeader } from "../../ui/page-header.tsx";

export function loader() {
  const c = content();
  return { page: c.pages.services, services: c.services.map(({ slug, name, summary }) => ({ slug, name, summary })) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

export default function ServicesPage({ loaderData: { page, services } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="Услуги" />
      <ul className="container card-list">
        {services.map((s) => (
          <li key={s.slug}>
            <AppLink to={paths.service(s.slug)}>{s.name}</AppLink>
            <p>{s.summary}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
