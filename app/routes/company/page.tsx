import type { Route } from "./+types/page";
import { content } from "../../content/index.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { organization } from "../../lib/structured-data.ts";
import { useSiteConfig } from "../../lib/use-site-config.ts";
import { JsonLd } from "../../ui/json-ld.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Prose } from "../../ui/prose.tsx";

export function loader() {
  return { company: content().company };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.company.title, description: args.loaderData?.company.description ?? "" });

export default function CompanyPage({ loaderData: { company } }: Route.ComponentProps) {
  const site = useSiteConfig();
  return (
    <>
      <JsonLd data={organization(site, { foundingDate: String(company.founded), description: company.description })} />
      <PageHeader title={company.title} lead={company.lead} crumb="Компания" />
      <div className="container">
        <Prose html={company.story} />
        <ul className="card-list">
          {company.team.map((m) => (
            <li key={m.id}>
              <h2>{m.name}</h2>
              <p>{m.role}</p>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
