import { content } from "#core/content/index.server.ts";
import { eventWhen } from "#core/lib/event-schedule.ts";
import type { FormOptions } from "./options.ts";
import type { FormsContext } from "#core/forms/service.server.ts";

/** Facts from the content every form submission is checked against. */
export function formsContext(): FormsContext {
  const c = content();
  const version = (slug: "agreement" | "privacy") => {
    const page = c.legal.find((p) => p.slug === slug);
    if (!page) throw new Error(`content/legal/${slug}.md is missing: consent cannot be recorded`);
    return page.version;
  };
  return {
    services: c.services.map(({ slug, name }) => ({ slug, name })),
    positions: c.positions.map(({ slug, title }) => ({ slug, title })),
    events: c.events.map((e) => ({
      slug: e.slug,
      title: e.title,
      startsAt: e.startsAt,
      when: eventWhen(e),
      place: e.place,
      online: e.online,
      closesAt: Date.parse(e.endsAt ?? e.startsAt),
    })),
    documents: { agreement: version("agreement"), privacy: version("privacy") },
    mailboxes: { sales: c.contacts.salesEmail, hr: c.contacts.hrEmail },
  };
}

/** The part the browser needs (default layout loader). */
export function formOptions(): FormOptions {
  return { services: content().services.map(({ slug, name }) => ({ slug, name })) };
}
