import type { loadService } from "./service.server.ts";
import { ProjectRequestForm } from "../../forms/project-form.tsx";
import { paths } from "../../lib/paths.ts";
import { AppLink } from "../../ui/app-link.tsx";
import { faqPage, service as serviceLd } from "../../lib/structured-data.ts";
import { useSiteConfig } from "../../lib/use-site-config.ts";
import { JsonLd } from "../../ui/json-ld.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Prose } from "../../ui/prose.tsx";

/** The generic service page, built from the service's fields. */
export function ServiceView({ service, cases }: ReturnType<typeof loadService>) {
  const site = useSiteConfig();
  const path = paths.service(service.slug);
  const ld = serviceLd(site, { name: service.name, description: service.description, path, priceFrom: service.pricing.from });
  return (
    <>
      <JsonLd data={service.faq.length > 0 ? [ld, faqPage(service.faq)] : ld} />
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
