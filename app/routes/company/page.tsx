import type { Route } from "./+types/page";
import { content } from "../../content/index.server.ts";
import { teamAvatar } from "../../images/images.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { organization } from "../../lib/structured-data.ts";
import { useSiteConfig } from "../../lib/use-site-config.ts";
import { JsonLd } from "../../ui/json-ld.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Picture } from "../../ui/picture.tsx";
import { Prose } from "../../ui/prose.tsx";

export function loader() {
  const company = content().company;
  return { company, team: company.team.map(({ id, name, role }) => ({ id, name, role, avatar: teamAvatar(id) })) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.company.title, description: args.loaderData?.company.description ?? "" });

export default function CompanyPage({ loaderData: { company, team } }: Route.ComponentProps) {
  const site = useSiteConfig();
  return (
    <>
      <JsonLd data={organization(site, { foundingDate: String(company.founded), description: company.description })} />
      <PageHeader title={company.title} lead={company.lead} crumb="Компания" />
      <div className="container">
        <Prose html={company.story} />
        <ul className="card-list">
          {team.map((m) => (
            <li key={m.id}>
              <Picture image={m.avatar} alt="" sizes="72px" className="team-avatar" />
              <h2>{m.name}</h2>
              <p>{m.role}</p>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
