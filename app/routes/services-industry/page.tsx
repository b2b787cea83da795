import type { Route } from "./+types/page";
import { content } from "../../content/index.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { AppLink } from "../../ui/app-link.tsx";
import { PageHeader } from "../../ui/page-header.tsx";

export function loader() {
  const c = content();
  const serviceName = new Map(c.services.map((s) => [s.slug, s.name]));
  return {
    page: c.pages.servicesIndustry,
    industries: c.industries.map((i) => ({
      slug: i.slug,
      title: i.title,
      summary: i.summary,
      services: i.services.map((slug) => ({ slug, name: serviceName.get(slug) ?? slug })),
    })),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

export default function ServicesByIndustryPage({ loaderData: { page, industries } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="Услуги по отраслям" />
      <div className="container stack stack--l">
        {industries.map((i) => (
          <section key={i.slug} id={i.slug} aria-labelledby={`industry-${i.slug}`}>
            <h2 id={`industry-${i.slug}`}>{i.title}</h2>
            <p>{i.summary}</p>
            <ul className="chips">
              {i.services.map((s) => (
                <li key={s.slug}>
                  <AppLink className="chip" to={paths.service(s.slug)}>
                    {s.name}
                  </AppLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
