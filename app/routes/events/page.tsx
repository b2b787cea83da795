import type { Route } from "./+types/page";
import { content } from "../../content/index.server.ts";
import { formatDate } from "../../lib/format.ts";
import { pageMeta } from "../../lib/meta.ts";
import { anchors } from "../../lib/paths.ts";
import { PageHeader } from "../../ui/page-header.tsx";

export function loader() {
  const c = content();
  const events = [...c.events].sort((a, b) => b.startsAt.localeCompare(a.startsAt));
  return { page: c.pages.events, events: events.map(({ slug, title, startsAt, place }) => ({ slug, title, startsAt, place })) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

export default function EventsPage({ loaderData: { page, events } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="События" />
      <ul className="container card-list">
        {events.map((e) => (
          <li key={e.slug} id={anchors.event(e.slug)}>
            <h2>{e.title}</h2>
            <p>
              {formatDate(e.startsAt)} · {e.place}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
