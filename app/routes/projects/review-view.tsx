import type { reviewData } from "./entry.server.ts";
import { formatDate } from "#core/lib/format.ts";
import { paths } from "#core/lib/paths.ts";
import { CallToAction } from "../../chrome/cta.tsx";
import { AppLink } from "../../ui/app-link.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Prose } from "../../ui/prose.tsx";
import { Section } from "../../ui/section.tsx";
import { Tag, TagList } from "../../ui/tag.tsx";
import { projectsQuery } from "./filters.ts";
import { CaseCard, Rating, ReviewCard } from "./work-cards.tsx";

export function ReviewView({ data }: { data: ReturnType<typeof reviewData> }) {
  return (
    <article className="work">
      <PageHeader title={data.title} trail={[{ to: paths.projects(), label: "Проекты" }]} crumb={`Отзыв: ${data.company}`}>
        <TagList label="Отрасль и услуги">
          <li>
            <Tag size="s" tone="accent" to={paths.projects() + projectsQuery({ industry: data.industry.slug })}>
              {data.industry.name}
            </Tag>
          </li>
          {data.services.map((s) => (
            <li key={s.slug}>
              <Tag size="s" to={paths.service(s.slug)}>
                {s.name}
              </Tag>
            </li>
          ))}
        </TagList>
      </PageHeader>
      <div className="container work__story">
        <figure className="review">
          <figcaption className="review__author">
            <strong className="review__name">{data.author}</strong>
            <span>
              {data.position}, {data.company}
            </span>
          </figcaption>
          <div className="review__meta">
            {data.rating ? <Rating value={data.rating} /> : null}
            <p className="text-muted">
              {formatDate(data.published)}
              {data.source ? (
                <>
                  {" · "}
                  {data.source.url ? <AppLink to={data.source.url}>{data.source.name}</AppLink> : data.source.name}
                </>
              ) : null}
            </p>
          </div>
          <blockquote className="review__text">
            <Prose html={data.body} />
          </blockquote>
        </figure>
      </div>
      {data.case ? (
        <Section id="review-case" title="Кейс этого проекта" tone="surface">
          <ul className="grid grid--3" role="list">
            <CaseCard work={data.case} />
          </ul>
        </Section>
      ) : null}
      {data.related.length > 0 ? (
        <Section id="review-related" title="Другие отзывы">
          <ul className="grid grid--3" role="list">
            {data.related.map((r) => (
              <ReviewCard key={r.slug} work={r} />
            ))}
          </ul>
        </Section>
      ) : null}
      <CallToAction />
    </article>
  );
}
