import type { Route } from "./+types/page";
import { publicConfig } from "#core/config/env.server.ts";
import { content } from "#core/content/index.server.ts";
import { renderTime } from "#core/content/source.server.ts";
import { coverImage } from "#core/content/uploads.server.ts";
import type { SiteEvent } from "#core/content/schemas/events.ts";
import { formatDate } from "#core/lib/format.ts";
import { pageMeta } from "../../lib/meta.ts";
import { anchors, paths } from "#core/lib/paths.ts";
import { event as eventLd } from "../../lib/structured-data.server.ts";
import { ButtonLink } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { Picture } from "../../ui/picture.tsx";
import { JsonLd } from "../../ui/json-ld.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Prose } from "../../ui/prose.tsx";
import { Section } from "../../ui/section.tsx";
import { Tag } from "../../ui/tag.tsx";
import { eventTime, splitEvents } from "#core/lib/event-schedule.ts";

const KIND_LABELS: Record<SiteEvent["kind"], string> = { conference: "Конференция", webinar: "Вебинар", meetup: "Митап" };

/** Today is the moment the page is rendered: by a release for the prerendered page, at request otherwise. */
export function loader() {
  const c = content();
  const { upcoming, past } = splitEvents(c.events, renderTime("day"));
  const view = (e: SiteEvent) => ({ ...e, date: formatDate(e.startsAt), time: eventTime(e), picture: coverImage(e.cover) });
  const site = publicConfig();
  const structuredData = [...upcoming, ...past].map((e) =>
    eventLd(site, {
      title: e.title,
      description: e.description,
      startsAt: e.startsAt,
      endsAt: e.endsAt,
      online: e.online,
      place: e.place,
      city: e.city,
      url: e.registrationUrl ?? e.recordingUrl ?? `${site.origin}${paths.event(e.slug)}`,
      performers: e.speakers.map((s) => s.name),
    }),
  );
  return { page: c.pages.events, upcoming: upcoming.map(view), past: past.map(view), structuredData };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

type EventView = Route.ComponentProps["loaderData"]["upcoming"][number];

export default function EventsPage({ loaderData: { page, upcoming, past, structuredData } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="События" />
      <JsonLd data={structuredData} />
      <Section id="upcoming" title="Скоро">
        {upcoming.length > 0 ? (
          <ul className="event-list" role="list">
            {upcoming.map((e) => (
              <EventCard key={e.slug} event={e} />
            ))}
          </ul>
        ) : (
          <p>Новые события готовим — анонсы выходят в рассылке академии.</p>
        )}
      </Section>
      {past.length > 0 ? (
        <Section id="past" title="Прошедшие" tone="surface">
          <ul className="event-list" role="list">
            {past.map((e) => (
              <EventCard key={e.slug} event={e} />
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}

function EventCard({ event: e }: { event: EventView }) {
  const link = e.registrationUrl
    ? { href: e.registrationUrl, label: "Зарегистрироваться" }
    : e.recordingUrl
      ? { href: e.recordingUrl, label: "Смотреть запись" }
      : null;
  return (
    <li id={anchors.event(e.slug)} className="event">
      <div className="event__when">
        <time className="event__date" dateTime={e.startsAt}>
          {e.date}
        </time>
        <span className="event__time">{e.time}</span>
        <span className="event__tags">
          <Tag size="s" tone="accent">
            {KIND_LABELS[e.kind]}
          </Tag>
          <Tag size="s" icon={e.online ? "globe" : "map-pin"}>
            {e.online ? "Онлайн" : (e.city ?? "Офлайн")}
          </Tag>
        </span>
      </div>
      <Card
        as="div"
        headingLevel={3}
        title={e.title}
        tone="outline"
        className="event__card"
        media={e.picture ? <Picture image={e.picture.image} alt={e.picture.alt} sizes="(min-width: 64rem) 48rem, 100vw" fit="cover" /> : undefined}
      >
        <p className="event__place">{e.place}</p>
        <Prose html={e.body} />
        <h4 className="event__speakers-title">Спикеры</h4>
        <ul className="event__speakers" role="list">
          {e.speakers.map((s) => (
            <li key={s.name}>
              <strong>{s.name}</strong>, {s.role}
              {s.talk ? <span className="event__talk">«{s.talk}»</span> : null}
            </li>
          ))}
        </ul>
        {link ? (
          <ButtonLink variant={e.registrationUrl ? "primary" : "secondary"} to={link.href} iconEnd="arrow-up-right">
            {link.label}
          </ButtonLink>
        ) : null}
      </Card>
    </li>
  );
}
