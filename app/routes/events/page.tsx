import type { Route } from "./+types/page";
import { content } from "../../content/index.server.ts";
import { formatDate } from "../../lib/format.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { event as eventLd } from "../../lib/structured-data.ts";
import { useSiteConfig } from "../../lib/use-site-config.ts";
import { JsonLd } from "../../ui/json-ld.tsx";
import { PageHeader } from "../../ui/page-header.tsx";

export function loader() {
  const c = content();
  const events = [...c.events].sort((a, b) => b.startsAt.localeCompare(a.startsAt));
  return { page: c.pages.events, events };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

export default function EventsPage({ loaderData: { page, events } }: Route.ComponentProps) {
  const site = useSiteConfig();
  const ld = events.map((e) =>
    eventLd(site, {
      title: e.title,
      description: e.description,
      startsAt: e.startsAt,
      endsAt: e.endsAt,
      online: e.online,
      place: e.place,
      city: e.city,
      url: e.registrationUrl ?? e.recordingUrl ?? `${site.origin}${paths.events()}#${e.slug}`,
      performers: e.speakers.map((s) => s.name),
    }),
  );
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="События" />
      <JsonLd data={ld} />
      <ul className="container card-list">
        {events.map((e) => (
          <li key={e.slug} id={e.slug}>
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
