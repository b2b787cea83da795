import type { Route } from "./+types/page";
import { publicConfig } from "#core/config/env.server.ts";
import { content } from "#core/content/index.server.ts";
import { clientLogo, teamAvatar } from "../../images/images.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "#core/lib/paths.ts";
import { organization } from "../../lib/structured-data.server.ts";
import { CallToAction } from "../../chrome/cta.tsx";
import { TeamList } from "../../chrome/team-list.tsx";
import { ArrowLink } from "../../ui/arrow-link.tsx";
import { Card } from "../../ui/card.tsx";
import { JsonLd } from "../../ui/json-ld.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Picture } from "../../ui/picture.tsx";
import { Prose } from "../../ui/prose.tsx";
import { Section } from "../../ui/section.tsx";
import { Stat, StatList } from "../../ui/stat.tsx";

export function loader() {
  const company = content().company;
  return {
    company,
    team: company.team.filter((m) => m.featured).map(({ id, name, role }) => ({ id, name, role, avatar: teamAvatar(id) })),
    clients: company.clients.map(({ name }) => ({ name, logo: clientLogo(name) })),
    structuredData: organization(publicConfig(), { foundingDate: String(company.founded), description: company.description }),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.company.title, description: args.loaderData?.company.description ?? "" });

export default function CompanyPage({ loaderData: { company, team, clients, structuredData } }: Route.ComponentProps) {
  return (
    <>
      <JsonLd data={structuredData} />
      <PageHeader title={company.title} lead={company.lead} crumb="Компания" />
      <div className="container">
        <StatList>
          {company.figures.map((f) => (
            <Stat key={f.label} value={f.value} label={f.label} />
          ))}
        </StatList>
      </div>
      <Section id="story" title="История" action={<ArrowLink to={paths.worths()}>Наши ценности</ArrowLink>}>
        <div className="company__story">
          <Prose html={company.story} />
        </div>
      </Section>
      <Section id="team" title="Команда" tone="surface" action={<ArrowLink to={paths.career()}>Вакансии</ArrowLink>}>
        <TeamList people={team} />
      </Section>
      {company.awards.length > 0 || company.ratings.length > 0 ? (
        <Section id="awards" title="Награды и рейтинги">
          <ul className="grid grid--3" role="list">
            {company.awards.map((a) => (
              <Card key={`${a.title}-${a.year}`} as="li" icon="trophy" eyebrow={`${a.issuer}, ${a.year}`} title={a.title}>
                <p>{a.result}</p>
              </Card>
            ))}
            {company.ratings.map((r) => (
              <Card key={`${r.name}-${r.year}`} as="li" icon="medal" tone="surface" eyebrow={`Рейтинг, ${r.year}`} title={r.name}>
                <p>{r.place}</p>
              </Card>
            ))}
          </ul>
        </Section>
      ) : null}
      {clients.length > 0 ? (
        <Section id="clients" title="Клиенты" tone="surface">
          <ul className="logo-wall" role="list">
            {clients.map((client) => (
              <li key={client.name}>
                <Picture image={client.logo} alt={client.name} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <CallToAction />
    </>
  );
}
