import type { Route } from "./+types/list";
import { content } from "#core/content/index.server.ts";
import type { ServiceDirection } from "#core/content/schemas/services.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "#core/lib/paths.ts";
import { CallToAction } from "../../chrome/cta.tsx";
import { Card } from "../../ui/card.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Section } from "../../ui/section.tsx";
import { rub } from "./service-parts.tsx";

/** Directions in the order a visitor meets them, with their headings. */
const DIRECTIONS: ReadonlyArray<{ id: ServiceDirection; title: string }> = [
  { id: "marketing", title: "Маркетинг и продвижение" },
  { id: "analytics", title: "Аналитика и данные" },
  { id: "creative", title: "Креатив и дизайн" },
  { id: "development", title: "Разработка" },
  { id: "consulting", title: "Консалтинг" },
];

export function loader() {
  const c = content();
  return {
    page: c.pages.services,
    directions: DIRECTIONS.map((d) => ({
      ...d,
      services: c.services
        .filter((s) => s.direction === d.id)
        .map(({ slug, name, summary, icon, pricing }) => ({ slug, name, summary, icon, priceFrom: pricing.from })),
    })).filter((d) => d.services.length > 0),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

export default function ServicesPage({ loaderData: { page, directions } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="Услуги" />
      {directions.map((d, i) => (
        <Section key={d.id} id={`direction-${d.id}`} title={d.title} tone={i % 2 === 1 ? "surface" : "default"}>
          <ul className="grid grid--3" role="list">
            {d.services.map((s) => (
              <Card key={s.slug} as="li" title={s.name} to={paths.service(s.slug)} icon={s.icon} footer={<p className="card__price">от {rub(s.priceFrom)}</p>}>
                <p>{s.summary}</p>
              </Card>
            ))}
          </ul>
        </Section>
      ))}
      <CallToAction />
    </>
  );
}
