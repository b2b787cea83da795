import type { Route } from "./+types/page";
import { content } from "../../content/index.server.ts";
import { ProjectRequestForm } from "../../forms/project-form.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { organization, webSite } from "../../lib/structured-data.ts";
import { useSiteConfig } from "../../lib/use-site-config.ts";
import { AppLink } from "../../ui/app-link.tsx";
import { JsonLd } from "../../ui/json-ld.tsx";

export function loader() {
  const c = content();
  return {
    page: c.pages.home,
    services: c.services.filter((s) => s.popular).map(({ slug, name, summary }) => ({ slug, name, summary })),
    cases: c.cases.filter((p) => p.featured).map(({ slug, title, client }) => ({ slug, title, client })),
    articles: c.articles.slice(0, 3).map(({ slug, title }) => ({ slug, title })),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

export default function HomePage({ loaderData: { page, services, cases, articles } }: Route.ComponentProps) {
  const site = useSiteConfig();
  return (
    <div className="container">
      <JsonLd data={[organization(site), webSite(site)]} />
      <section className="hero">
        <h1>{page.heading}</h1>
        {page.lead ? <p className="page-header__lead">{page.lead}</p> : null}
        <AppLink className="button button--primary" to={paths.contacts()}>
          Обсудить проект
        </AppLink>
      </section>
      <section aria-labelledby="home-services">
        <h2 id="home-services">Услуги</h2>
        <ul className="card-list">
          {services.map((s) => (
            <li key={s.slug}>
              <AppLink to={paths.service(s.slug)}>{s.name}</AppLink>
              <p>{s.summary}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="home-cases">
        <h2 id="home-cases">Кейсы</h2>
        <ul className="card-list">
          {cases.map((p) => (
            <li key={p.slug}>
              <AppLink to={paths.project("cases", p.slug)}>{p.title}</AppLink>
              <p>{p.client}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="home-academy">
        <h2 id="home-academy">Академия</h2>
        <ul className="card-list">
          {articles.map((a) => (
            <li key={a.slug}>
              <AppLink to={paths.article(a.slug)}>{a.title}</AppLink>
            </li>
          ))}
        </ul>
      </section>
      <ProjectRequestForm />
    </div>
  );
}
