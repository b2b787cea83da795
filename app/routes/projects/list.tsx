import type { Route } from "./+types/list";
import { content } from "../../content/index.server.ts";
import { caseCover } from "../../images/images.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { Card } from "../../ui/card.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Picture } from "../../ui/picture.tsx";
import { Section } from "../../ui/section.tsx";

export function loader() {
  const c = content();
  return {
    page: c.pages.projects,
    cases: c.cases.map(({ slug, title, client }) => ({ slug, title, client, cover: caseCover(slug) })),
    reviews: c.reviews.map(({ slug, title, company }) => ({ slug, title, company })),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

const CARD_SIZES = "(min-width: 1440px) 416px, (min-width: 1100px) 31vw, (min-width: 768px) 46vw, 92vw";

export default function ProjectsPage({ loaderData: { page, cases, reviews } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="Проекты" />
      <div className="container">
        <h2 className="visually-hidden">Кейсы</h2>
        <ul className="grid grid--3" role="list">
          {cases.map((p, i) => (
            <Card
              key={p.slug}
              as="li"
              title={p.title}
              to={paths.project("cases", p.slug)}
              eyebrow={p.client}
              media={<Picture image={p.cover} alt="" sizes={CARD_SIZES} fit="cover" priority={i === 0} />}
            />
          ))}
        </ul>
      </div>
      <Section id="reviews" title="Отзывы">
        <ul className="grid grid--3" role="list">
          {reviews.map((r) => (
            <Card key={r.slug} as="li" tone="surface" title={r.title} to={paths.project("reviews", r.slug)} eyebrow={r.company} />
          ))}
        </ul>
      </Section>
    </>
  );
}
