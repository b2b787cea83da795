import type { Route } from "./+types/page";
import { content } from "../../content/index.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { Icon } from "../../ui/icon.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Prose } from "../../ui/prose.tsx";

export function loader() {
  return { worths: content().worths };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.worths.title, description: args.loaderData?.worths.description ?? "" });

export default function WorthsPage({ loaderData: { worths } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={worths.title} lead={worths.lead} crumb="Ценности" />
      <ul className="container card-list">
        {worths.items.map((w) => (
          <li key={w.id}>
            <Icon icon={w.icon} size={32} />
            <h2>{w.title}</h2>
            <p>{w.summary}</p>
            <Prose html={w.practice} />
          </li>
        ))}
      </ul>
    </>
  );
}
