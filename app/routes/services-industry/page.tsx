import type { Route } from "./+types/page";
import { content } from "#core/content/index.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "#core/lib/paths.ts";
import { CallToAction } from "../../chrome/cta.tsx";
import { ArrowLink } from "../../ui/arrow-link.tsx";
import { AppLink } from "../../ui/app-link.tsx";
import { Icon } from "../../ui/icon.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Section } from "../../ui/section.tsx";
import { Stat } from "../../ui/stat.tsx";
import { Tag, TagList } from "../../ui/tag.tsx";
import { projectsQuery } from "../projects/filters.ts";

export function loader() {
  const c = content();
  const serviceName = new Map(c.services.map((s) => [s.slug, s.name]));
  return {
    page: c.pages.servicesIndustry,
    industries: c.industries.map((i) => ({
      slug: i.slug,
      name: i.name,
      title: i.title,
      icon: i.icon,
      summary: i.summary,
      challenges: i.challenges,
      services: i.services.map((slug) => ({ slug, name: serviceName.get(slug) ?? slug })),
      // An industry's cases are those whose `industry` names it (the schema's rule).
      cases: c.cases
        .filter((p) => p.industry === i.slug)
        .slice(0, 3)
        .map((p) => ({ slug: p.slug, title: p.title, client: p.client, result: p.results[0] })),
      caseCount: c.cases.filter((p) => p.industry === i.slug).length,
    })),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

export default function ServicesByIndustryPage({ loaderData: { page, industries } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="Услуги по отраслям">
        <TagList label="Отрасли" className="industry-index">
          {industries.map((i) => (
            <li key={i.slug}>
              <a className="chip" href={`#${i.slug}`}>
                {i.name}
              </a>
            </li>
          ))}
        </TagList>
      </PageHeader>
      {industries.map((i, n) => (
        <Section
          key={i.slug}
          id={i.slug}
          title={
            <span className="industry__title">
              <Icon icon={i.icon} size={32} />
              {i.title}
            </span>
          }
          lead={i.summary}
          tone={n % 2 === 0 ? "surface" : "default"}
          action={i.caseCount > 0 ? <ArrowLink to={paths.projects() + projectsQuery({ industry: i.slug })}>Все работы отрасли</ArrowLink> : null}
        >
          <div className="industry">
            <div className="industry__column">
              <h3 className="industry__subtitle">С чем приходят</h3>
              <ul className="industry__challenges" role="list">
                {i.challenges.map((ch) => (
                  <li key={ch}>{ch}</li>
                ))}
              </ul>
              <h3 className="industry__subtitle">Услуги</h3>
              <TagList label={`Услуги для отрасли «${i.name}»`}>
                {i.services.map((s) => (
                  <li key={s.slug}>
                    <Tag to={paths.service(s.slug)}>{s.name}</Tag>
                  </li>
                ))}
              </TagList>
            </div>
            <div className="industry__column">
              <h3 className="industry__subtitle">Кейсы</h3>
              {i.cases.length > 0 ? (
                <ul className="industry__cases" role="list">
                  {i.cases.map((p) => (
                    <li key={p.slug} className="industry__case">
                      <p className="card__eyebrow">{p.client}</p>
                      <AppLink to={paths.project("cases", p.slug)}>{p.title}</AppLink>
                      {p.result ? (
                        <dl className="industry__metric">
                          <Stat {...p.result} />
                        </dl>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-muted">Кейсы отрасли готовим к публикации — расскажем о них на встрече.</p>
              )}
            </div>
          </div>
        </Section>
      ))}
      <CallToAction />
    </>
  );
}
