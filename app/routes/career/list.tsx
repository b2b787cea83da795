import type { Route } from "./+types/list";
import { content } from "#core/content/index.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "#core/lib/paths.ts";
import { Card } from "../../ui/card.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Section } from "../../ui/section.tsx";
import { Tag, TagList } from "../../ui/tag.tsx";
import { FORMAT_LABELS, LEVEL_LABELS, salaryLabel } from "./labels.ts";

export function loader() {
  const c = content();
  const departments = [...new Set(c.positions.map((p) => p.department))].sort((a, b) => a.localeCompare(b, "ru"));
  return {
    page: c.pages.career,
    departments: departments.map((name, i) => ({
      id: `department-${i + 1}`,
      name,
      positions: c.positions
        .filter((p) => p.department === name)
        .map(({ slug, title, summary, level, format, city, salary }) => ({ slug, title, summary, level, format, city, salary: salaryLabel(salary) })),
    })),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

export default function CareerPage({ loaderData: { page, departments } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="Карьера" />
      {departments.map((d, i) => (
        <Section key={d.id} id={d.id} title={d.name} titleSize="m" tone={i % 2 === 1 ? "surface" : "default"}>
          <ul className="grid grid--2" role="list">
            {d.positions.map((p) => (
              <Card
                key={p.slug}
                as="li"
                title={p.title}
                to={paths.position(p.slug)}
                eyebrow={p.salary ?? "Зарплата по итогам собеседования"}
                footer={
                  <TagList label="Условия">
                    <li>
                      <Tag size="s" tone="accent">
                        {LEVEL_LABELS[p.level]}
                      </Tag>
                    </li>
                    <li>
                      <Tag size="s">{FORMAT_LABELS[p.format]}</Tag>
                    </li>
                    <li>
                      <Tag size="s" icon="map-pin">
                        {p.city}
                      </Tag>
                    </li>
                  </TagList>
                }
              >
                <p>{p.summary}</p>
              </Card>
            ))}
          </ul>
        </Section>
      ))}
    </>
  );
}
