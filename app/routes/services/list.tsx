import type { Route } from "./+types/list";
import { content } from "../../content/index.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { CallToAction } from "../../site/cta.tsx";
import { Card } from "../../ui/card.tsx";
import { PageHeader } from "../../ui/page-header.tsx";

export function loader() {
  const c = content();
  return { page: c.pages.services, services: c.services.map(({ slug, name, summary, icon }) => ({ slug, name, summary, icon })) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

export default function ServicesPage({ loaderData: { page, services } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="Услуги" />
      <div className="container">
        <ul className="grid grid--3" role="list">
          {services.map((s) => (
            <Card key={s.slug} as="li" title={s.name} to={paths.service(s.slug)} icon={s.icon}>
              <p>{s.summary}</p>
            </Card>
          ))}
        </ul>
      </div>
      <CallToAction />
    </>
  );
}
