import type { Route } from "./+types/position";
import { publicConfig } from "#core/config/env.server.ts";
import { content } from "#core/content/index.server.ts";
import { JobApplicationForm } from "../../forms/deferred.tsx";
import { requireEntry } from "../../lib/errors.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "#core/lib/paths.ts";
import { jobPosting } from "../../lib/structured-data.server.ts";
import { ButtonLink } from "../../ui/button.tsx";
import { JsonLd } from "../../ui/json-ld.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Prose } from "../../ui/prose.tsx";
import { Section } from "../../ui/section.tsx";
import { Tag, TagList } from "../../ui/tag.tsx";
import { FORMAT_LABELS, LEVEL_LABELS, salaryLabel } from "./labels.ts";

export function loader({ params, request }: Route.LoaderArgs) {
  const c = content();
  const position = requireEntry(
    c.positions.find((p) => p.slug === params.slug),
    request,
  );
  const structuredData = jobPosting(publicConfig(), {
    title: position.title,
    description: position.body,
    path: paths.position(position.slug),
    published: position.published,
    format: position.format,
    city: position.city,
    salary: position.salary,
    
  });
  return { position, salary: salaryLabel(position.salary), hrEmail: c.contacts.hrEmail, structuredData };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.position.title, description: args.loaderData?.position.description ?? "" });

function Points({ items }: { items: readonly string[] }) {
  return (
    <ul className="points">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export default function PositionPage({ loaderData: { position, salary, hrEmail, structuredData } }: Route.ComponentProps) {
  return (
    <>
      <JsonLd data={structuredData} />
      <PageHeader title={position.title} lead={position.summary} trail={[{ to: paths.career(), label: "Карьера" }]}>
        <div className="position__facts cluster">
          <TagList label="Условия">
            <li>
              <Tag tone="accent">{LEVEL_LABELS[position.level]}</Tag>
            </li>
            <li>
              <Tag>{FORMAT_LABELS[position.format]}</Tag>
            </li>
            <li>
              <Tag icon="map-pin">{position.city}</Tag>
            </li>
            <li>
              <Tag>{position.department}</Tag>
            </li>
          </TagList>
          {salary ? <p className="position__salary">{salary}</p> : null}
          <ButtonLink variant="primary" to="#apply" iconEnd="arrow-down">
            Откликнуться
          </ButtonLink>
        </div>
      </PageHeader>
      <div className="container container--narrow position stack stack--l">
        <Prose html={position.body} />
        <section aria-labelledby="responsibilities" className="stack">
          <h2 id="responsibilities">Чем предстоит заниматься</h2>
          <Points items={position.responsibilities} />
        </section>
        <section aria-labelledby="requirements" className="stack">
          <h2 id="requirements">Что мы ждём</h2>
          <Points items={position.requirements} />
          {position.niceToHave.length > 0 ? (
            <>
              <h3>Будет плюсом</h3>
              <Points items={position.niceToHave} />
            </>
          ) : null}
        </section>
        <section aria-labelledby="conditions" className="stack">
          <h2 id="conditions">Условия</h2>
          <Points items={position.conditions} />
        </section>
        <section aria-labelledby="process" className="stack">
          <h2 id="process">Как проходит отбор</h2>
          <ol className="steps">
            {position.process.map((step) => (
              <li key={step.title}>
                <strong>{step.title}</strong>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <Section id="apply" title="Откликнуться" tone="surface" lead={`Пришлите резюме и пару слов о себе на ${hrEmail} — ответим в течение трёх рабочих дней.`}>
        <JobApplicationForm position={position.slug} title={position.title} />
        <ButtonLink variant="secondary" to={`mailto:${hrEmail}?subject=${encodeURIComponent(position.title)}`} icon="mail">
          Написать {hrEmail}
        </ButtonLink>
      </Section>
    </>
  );
}
