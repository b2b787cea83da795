import { z } from "zod";
import { isoDateTime, markdown, seo, slug, text } from "../fields.server.ts";

/** A conference, webinar or meetup: `content/events/<slug>.md`. */
export const EventSchema = z.strictObject({
  slug: slug(),
  ...seo(),
  kind: z.enum(["conference", "webinar", "meetup"]),
  /** Start, ISO 8601 with the offset of the event's place. */
  startsAt: isoDateTime(),
  endsAt: isoDateTime().optional(),
  /** IANA time zone the time is announced in. */
  timeZone: z.string().default("Europe/Moscow"),
  online: z.boolean(),
  /** Venue and address when offline (or the platform when online). */
  place: text(),
  city: text().optional(),
  /** Who speaks, with the talk where known. */
  speakers: z.array(z.strictObject({ name: text(), role: text(), talk: text().optional() })).min(1),
  /** Registration page (upcoming). */
  registrationUrl: z.url({ protocol: /^https$/ }).optional(),
  /** Recording (past). */
  recordingUrl: z.url({ protocol: /^https$/ }).optional(),
  /** Description (Markdown). Shown under the event's <h3> on the events page: its `##` is an <h4> there. */
  body: markdown({ nestedUnder: 3 }),
});

export type SiteEvent = z.output<typeof EventSchema>;
