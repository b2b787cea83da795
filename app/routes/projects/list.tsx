import type { Route } from "./+types/list";
import { Form } from "react-router";
import { content } from "#core/content/index.server.ts";
import { caseCover } from "../../images/images.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "#core/lib/paths.ts";
import { CallToAction } from "../../chrome/cta.tsx";
import { ArrowLink } from "../../ui/arrow-link.tsx";
import { Button } from "../../ui/button.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Section } from "../../ui/section.tsx";
import { Tag, TagList } from "../../ui/tag.tsx";
import { matches, parseFilters, projectsQuery, type ProjectFilters } from "./filters.ts";
import { CaseCard, ReviewCard } from "./work-cards.tsx";

export function loader({ request }: Route.LoaderArgs) {
  const c = content();
  const filters = parseFilters(new URL(request.url).searchParams);
  const industryName = new Map(c.industries.map((i) => [i.slug, i.name]));
  const serviceName = new Map(c.services.map((s) => [s.slug, s.name]));
  const cases =
    filters.card === "reviews"
      ? []
      : c.cases
          .filter((p) => matches(p, filters))
          .map((p) => ({
            slug: p.slug,
            title: p.title,
            client: p.client,
            industry: industryName.get(p.industry) ?? p.industry,
            result: p.results[0],
            cover: caseCover(p),
          }));
  const reviews =
    filters.card === "cases"
      ? []
      : c.reviews
          .filter((r) => matches(r, filters))
          .map((r) => ({ slug: r.slug, company: r.company, author: r.author, position: r.position, excerpt: r.description, rating: r.rating }));
  return {
    page: c.pages.projects,
    filters,
    industries: c.industries.map((i) => ({ slug: i.slug, name: i.name })),
    services: c.services.map((s) => ({ slug: s.slug, name: s.name })),
    active: {
      industry: filters.industry ? (industryName.get(filters.industry) ?? filters.industry) : undefined,
      service: filters.service ? (serviceName.get(filters.service) ?? filters.service) : undefined,
    },
    cases,
    reviews,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

const CARD_FILTERS: ReadonlyArray<{ card: ProjectFilters["card"]; label: string }> = [
  { card: undefined, label: "Все работы" },
  { card: "cases", label: "Кейсы" },
  { card: "reviews", label: "Отзывы" },
];

export default function ProjectsPage({ loaderData }: Route.ComponentProps) {
  const { page, filters, industries, services, active, cases, reviews } = loaderData;
  const filtered = projectsQuery(filters) !== "";
  const empty = cases.length === 0 && reviews.length === 0;
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="Проекты">
        <div className="filters">
          <TagList label="Тип работ">
            {CARD_FILTERS.map((f) => (
              <li key={f.label}>
                <Tag to={paths.projects() + projectsQuery({ ...filters, card: f.card })} selected={filters.card === f.card}>
                  {f.label}
                </Tag>
              </li>
            ))}
          </TagList>
          {/* A GET form: without JavaScript the browser sends the query itself; with it, the router does. */}
          <Form method="get" action={paths.projects()} className="filters__form" aria-label="Фильтр работ">
            {filters.card ? <input type="hidden" name="card" value={filters.card} /> : null}
            <label className="field">
              <span className="field__label">Отрасль</span>
              <select className="input" name="industry" defaultValue={filters.industry ?? ""} key={`i-${filters.industry ?? ""}`}>
                <option value="">Все отрасли</option>
                {industries.map((i) => (
                  <option key={i.slug} value={i.slug}>
                    {i.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">Услуга</span>
              <select className="input" name="service" defaultValue={filters.service ?? ""} key={`s-${filters.service ?? ""}`}>
                <option value="">Все услуги</option>
                {services.map((s) => (
                  <option key={s.slug} value={s.slug}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" variant="primary" icon="filter">
              Показать
            </Button>
          </Form>
          {filtered ? (
            <p className="filters__summary" role="status">
              Найдено: кейсов — {cases.length}, отзывов — {reviews.length}
              {active.industry ? `; отрасль «${active.industry}»` : ""}
              {active.service ? `; услуга «${active.service}»` : ""}.{" "}
              <ArrowLink to={paths.projects()}>Сбросить фильтры</ArrowLink>
            </p>
          ) : null}
        </div>
      </PageHeader>
      {empty ? (
        <div className="container projects-empty">
          <h2>Таких работ пока нет</h2>
          <p>Под выбранные фильтры не подошёл ни один кейс и ни один отзыв. Попробуйте убрать один из фильтров или посмотрите все работы.</p>
          <ArrowLink to={paths.projects()}>Все работы</ArrowLink>
        </div>
      ) : null}
      {cases.length > 0 ? (
        <Section id="cases" title="Кейсы" titleSize="m">
          <ul className="grid grid--3" role="list">
            {cases.map((p, i) => (
              <CaseCard key={p.slug} work={p} priority={i === 0} />
            ))}
          </ul>
        </Section>
      ) : null}
      {reviews.length > 0 ? (
        <Section id="reviews" title="Отзывы" titleSize="m" tone="surface">
          <ul className="grid grid--3" role="list">
            {reviews.map((r) => (
              <ReviewCard key={r.slug} work={r} />
            ))}
          </ul>
        </Section>
      ) : null}
      <CallToAction />
    </>
  );
}
