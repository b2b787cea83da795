import type { Route } from "./+types/page";
import { publicConfig } from "#core/config/env.server.ts";
import { content } from "#core/content/index.server.ts";
import { ProjectRequestForm } from "../../forms/deferred.tsx";
import { caseCover, clientLogo, serviceCover } from "../../images/images.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "#core/lib/paths.ts";
import { organization, webSite } from "../../lib/structured-data.server.ts";
import { CallToAction } from "../../chrome/cta.tsx";
import { ArrowLink } from "../../ui/arrow-link.tsx";
import { ButtonLink } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { JsonLd } from "../../ui/json-ld.tsx";
import { Picture } from "../../ui/picture.tsx";
import { Section } from "../../ui/section.tsx";
import { Stat, StatList } from "../../ui/stat.tsx";

export function loader() {
  const c = content();
  return {
    page: c.pages.home,
    figures: c.company.figures.slice(0, 4),
    services: c.services
      .filter((s) => s.popular)
      .map(({ slug, name, summary }) => ({ slug, name, summary, cover: serviceCover(slug) })),
    cases: c.cases
      .filter((p) => p.featured)
      .map((p) => ({ slug: p.slug, title: p.title, client: p.client, result: p.results[0], cover: caseCover(p) })),
    clients: c.company.clients.map(({ name }) => ({ name, logo: clientLogo(name) })),
    articles: c.articles.slice(0, 3).map(({ slug, title }) => ({ slug, title })),
    structuredData: [organization(publicConfig()), webSite(publicConfig())],
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

/** Cards in a three-column grid: a third of the container on desktop, half on tablet. */
const CARD_SIZES = "(min-width: 1440px) 416px, (min-width: 1100px) 31vw, (min-width: 768px) 46vw, 92vw";

export default function HomePage({ loaderData: { page, figures, services, cases, clients, articles, structuredData } }: Route.ComponentProps) {
  return (
    <>
      <JsonLd data={structuredData} />
      <section className="hero container" aria-labelledby="home-title">
        <h1 id="home-title">{page.heading}</h1>
        {page.lead ? <p className="hero__lead">{page.lead}</p> : null}
        <div className="cluster">
          <ButtonLink variant="primary" size="l" to={paths.contacts()} iconEnd="arrow-right">
            Обсудить проект
          </ButtonLink>
          <ButtonLink size="l" to={paths.projects()}>
            Смотреть кейсы
          </ButtonLink>
        </div>
      </section>
      <div className="container">
        <StatList>
          {figures.map((f) => (
            <Stat key={f.label} value={f.value} label={f.label} />
          ))}
        </StatList>
      </div>
      <Section id="home-services" title="Услуги" action={<ArrowLink to={paths.services()}>Все услуги</ArrowLink>}>
        <ul className="grid grid--3" role="list">
          {services.map((s) => (
            <Card key={s.slug} as="li" title={s.name} to={paths.service(s.slug)} media={<Picture image={s.cover} alt="" sizes={CARD_SIZES} fit="cover" />}>
              <p>{s.summary}</p>
            </Card>
          ))}
        </ul>
      </Section>
      <Section id="home-cases" title="Кейсы" tone="surface" action={<ArrowLink to={paths.projects()}>Все проекты</ArrowLink>}>
        <ul className="grid grid--3" role="list">
          {cases.map((p) => (
            <Card
              key={p.slug}
              as="li"
              title={p.title}
              to={paths.project("cases", p.slug)}
              eyebrow={p.client}
              media={<Picture image={p.cover} alt="" sizes={CARD_SIZES} fit="cover" />}
              footer={p.result ? <StatList><Stat {...p.result} /></StatList> : null}
            />
          ))}
        </ul>
      </Section>
      <Section id="home-clients" title="Клиенты">
        <ul className="logo-wall" role="list">
          {clients.map((client) => (
            <li key={client.name}>
              <Picture image={client.logo} alt={client.name} />
            </li>
          ))}
        </ul>
      </Section>
      <Section id="home-academy" title="Академия" action={<ArrowLink to={paths.academy()}>Все статьи</ArrowLink>}>
        <ul className="grid grid--3" role="list">
          {articles.map((a) => (
            <Card key={a.slug} as="li" tone="surface" title={a.title} to={paths.article(a.slug)} />
          ))}
        </ul>
      </Section>
      <ProjectRequestForm />
      <CallToAction />
    </>
  );
}
