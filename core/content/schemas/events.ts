import { z } from "zod";
import { cover, httpsUrl, isoDateTime, markdown, searched, seo, slug, text, timeZone, withGroups } from "../fields.ts";
import { ITEMS_MAX, NAME_MAX, TITLE_MAX } from "../limits.ts";

export const EVENT_KINDS = ["conference", "webinar", "meetup"] as const;

/** A conference, webinar or meetup: `content/events/<slug>.md`. */
export const EventSchema = withGroups(
  z.strictObject({
  slug: slug().meta({ title: "Адрес", description: "Якорь события на странице /events/" }),
  ...seo(),
  cover: cover(),
  kind: z.enum(EVENT_KINDS).meta({ title: "Вид", "x-labels": { conference: "Конференция", webinar: "Вебинар", meetup: "Митап" }, ...searched("lead") }),
  /** Start, ISO 8601 with the offset of the event's place. */
  startsAt: isoDateTime().meta({ title: "Начало" }),
  endsAt: isoDateTime().optional().meta({ title: "Окончание" }),
  /** IANA time zone the time is announced in. */
  timeZone: timeZone(),
  online: z.boolean().meta({ title: "Онлайн" }),
  /** Venue and address when offline (or the platform when online). */
  place: text(TITLE_MAX).meta({ title: "Место", description: "Площадка и адрес, а для онлайна — платформа" }),
  city: text(NAME_MAX).optional().meta({ title: "Город", ...searched("lead") }),
  /** Who speaks, with the talk where known. */
  speakers: z
    .array(
      z.strictObject({
        name: text(NAME_MAX).meta({ title: "Имя" }),
        role: text(TITLE_MAX).meta({ title: "Должность" }),
        talk: text(TITLE_MAX).optional().meta({ title: "Тема доклада" }),
      }),
    )
    .min(1)
    .max(ITEMS_MAX)
    .meta({ title: "Спикеры" }),
  /** Registration page (upcoming). */
  registrationUrl: httpsUrl().optional().meta({ title: "Ссылка на регистрацию" }),
  /** Recording (past). */
  recordingUrl: httpsUrl().optional().meta({ title: "Ссылка на запись" }),
  /** Description (Markdown). Shown under the event's <h3> on the events page: its `##` is an <h4> there. */
  body: markdown({ nestedUnder: 3 }).meta({ title: "Описание" }),
  }),
  [
    { title: "Основное", fields: ["kind", "startsAt", "endsAt", "timeZone", "online", "place", "city"] },
    { title: "Адрес и поиск", fields: ["slug", "title", "description", "cover"] },
    { title: "Спикеры и ссылки", fields: ["speakers", "registrationUrl", "recordingUrl"] },
    { title: "Описание", fields: ["body"] },
  ],
);

export type SiteEvent = z.output<typeof EventSchema>;
