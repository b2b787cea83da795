import { content } from "#core/content/index.server.ts";
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
    documents: { agreement: version("agreement"), privacy: version("privacy") },
    mailboxes: { sales: c.contacts.salesEmail, hr: c.contacts.hrEmail },
  };
}

/** The part the browser needs (default layout loader). */
export function formOptions(): FormOptions {
  return { services: content().services.map(({ slug, name }) => ({ slug, name })) };
}
