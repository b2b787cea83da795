import type { Route } from "./+types/page";
import { content } from "../../content/index.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import { Prose } from "../../ui/prose.tsx";

export function loader() {
  return { company: content().company };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.company.title, description: args.loaderData?.company.description ?? "" });

export default function CompanyPage({ loaderData: { company } }: Route.ComponentProps) {
  return (
    <>
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
