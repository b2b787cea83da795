import type { loadService } from "./service.server.ts";
import { ProjectRequestForm } from "../../forms/project-form.tsx";
import { paths } from "../../lib/paths.ts";
import { AppLink } from "../../ui/app-link.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Prose } from "../../ui/prose.tsx";

/** The generic service page, built from the service's fields. */
export function ServiceView({ service, cases }: ReturnType<typeof loadService>) {
  return (
    <>
      <PageHeader title={service.title} lead={service.summary} crumb={service.name} trail={[{ to: paths.services(), label: "Услуги" }]} />
      <div className="container">
        <Prose html={service.body} />
        {cases.length > 0 ? (
          <section aria-labelledby="service-cases">
            <h2 id="service-cases">Кейсы</h2>
            <ul className="card-list">
              {cases.map((p) => (
                <li key={p.slug}>
                  <AppLink to={paths.project("cases", p.slug)}>{p.title}</AppLink>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <ProjectRequestForm service={service.slug} />
    </>
  );
}
