import type { Route } from "./+types/page";
import { content } from "../../content/index.server.ts";
import { ProjectRequestForm } from "../../forms/project-form.tsx";
import { formatPhone } from "../../lib/format.ts";
import { pageMeta } from "../../lib/meta.ts";
import { PageHeader } from "../../ui/page-header.tsx";

export function loader() {
  return { contacts: content().contacts };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.contacts.title, description: args.loaderData?.contacts.description ?? "" });

export default function ContactsPage({ loaderData: { contacts } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={contacts.title} lead={contacts.lead} crumb="Контакты" />
      <div className="container card-list">
        {contacts.offices.map((o) => (
          <section key={o.id} aria-labelledby={`office-${o.id}`}>
            <h2 id={`office-${o.id}`}>{o.city}</h2>
            <address>
              <p>{o.address}</p>
              <p>
                <a href={`tel:${o.phone}`}>{formatPhone(o.phone)}</a>
              </p>
              <p>
                <a href={`mailto:${o.email}`}>{o.email}</a>
              </p>
              <p>{o.hours}</p>
            </address>
          </section>
        ))}
      </div>
      <ProjectRequestForm />
    </>
  );
}
