import type { Route } from "./+types/page";
import { content } from "#core/content/index.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "#core/lib/paths.ts";
import { CallToAction } from "../../chrome/cta.tsx";
import { ArrowLink } from "../../ui/arrow-link.tsx";
import { Card } from "../../ui/card.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Prose } from "../../ui/prose.tsx";
import { Section } from "../../ui/section.tsx";

export function loader() {
  return { worths: content().worths };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.worths.title, description: args.loaderData?.worths.description ?? "" });

export default function WorthsPage({ loaderData: { worths } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={worths.title} lead={worths.lead} crumb="Ценности" />
      <Section
        id="values"
        title="Во что мы верим и как это выглядит в работе"
        titleSize="m"
        action={<ArrowLink to={paths.career()}>Вакансии</ArrowLink>}
      >
        <ul className="grid grid--2" role="list">
          {worths.items.map((w) => (
            <Card key={w.id} as="li" headingLevel={3} icon={w.icon} title={w.title} tone="surface">
              <p className="worth__summary">{w.summary}</p>
              <Prose html={w.practice} />
            </Card>
          ))}
        </ul>
      </Section>
      <CallToAction />
    </>
  );
}
