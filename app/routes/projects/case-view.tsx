import type { caseData } from "./entry.server.ts";
import { paths } from "#core/lib/paths.ts";
import { CallToAction } from "../../chrome/cta.tsx";
import { AppLink } from "../../ui/app-link.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Picture } from "../../ui/picture.tsx";
import { Prose } from "../../ui/prose.tsx";
import { Section } from "../../ui/section.tsx";
import { Stat, StatList } from "../../ui/stat.tsx";
import { Tag, TagList } from "../../ui/tag.tsx";
import { projectsQuery } from "./filters.ts";
import { CaseCard, ReviewCard } from "./work-cards.tsx";

const MONTHS = ["январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь", "ноябрь", "декабрь"];

/** 2024-03 → "март 2024" */
function month(yearMonth: string): string {
  const [year, m] = yearMonth.split("-").map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${year}`;
}

export function CaseView({ data }: { data: ReturnType<typeof caseData> }) {
  const period = data.period.to ? `${month(data.period.from)} — ${month(data.period.to)}` : `с ${month(data.period.from)}, работа продолжается`;
  return (
    <article className="work">
      <PageHeader title={data.title} lead={data.description} trail={[{ to: paths.projects(), label: "Проекты" }]}>
        <dl className="work__facts">
          <div>
            <dt>Клиент</dt>
            <dd>{data.client}</dd>
          </div>
          <div>
            <dt>Отрасль</dt>
            <dd>
              <AppLink to={paths.projects() + projectsQuery({ industry: data.industry.slug })}>{data.industry.name}</AppLink>
            </dd>
          </div>
          <div>
            <dt>Период</dt>
            <dd>{period}</dd>
          </div>
          <div>
            <dt>Услуги</dt>
            <dd>
              <TagList label="Услуги проекта">
                {data.services.map((s) => (
                  <li key={s.slug}>
                    <Tag size="s" to={paths.service(s.slug)}>
                      {s.name}
                    </Tag>
                  </li>
                ))}
              </TagList>
            </dd>
          </div>
        </dl>
      </PageHeader>
      <div className="container">
        <Picture image={data.cover} alt="" className="case-cover" sizes="(min-width: 1440px) 1280px, 92vw" priority />
      </div>
      <Section id="case-results" title="Результат" tone="inverse">
        <StatList tone="inverse">
          {data.results.map((m) => (
            <Stat key={m.label} {...m} />
          ))}
        </StatList>
      </Section>
      <div className="container work__story">
        <section aria-labelledby="case-task">
          <h2 id="case-task" className="heading heading--m">
            Задача
          </h2>
          <Prose html={data.task} />
        </section>
        <section aria-labelledby="case-solution">
          <h2 id="case-solution" className="heading heading--m">
            Решение
          </h2>
          <Prose html={data.solution} />
        </section>
        {data.body ? <Prose html={data.body} /> : null}
        {data.quote ? (
          <figure className="work__quote">
            <blockquote>
              <p>{data.quote.text}</p>
            </blockquote>
            <figcaption>
              <strong>{data.quote.author}</strong>, {data.quote.position}
            </figcaption>
          </figure>
        ) : null}
      </div>
      {data.reviews.length > 0 ? (
        <Section id="case-reviews" title="Отзыв клиента" tone="surface">
          <ul className="grid grid--3" role="list">
            {data.reviews.map((r) => (
              <ReviewCard key={r.slug} work={r} />
            ))}
          </ul>
        </Section>
      ) : null}
      {data.related.length > 0 ? (
        <Section id="case-related" title="Похожие проекты">
          <ul className="grid grid--3" role="list">
            {data.related.map((p) => (
              <CaseCard key={p.slug} work={p} />
            ))}
          </ul>
        </Section>
      ) : null}
      <CallToAction />
    </article>
  );
}
