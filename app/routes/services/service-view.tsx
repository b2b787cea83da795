import type { ServiceData } from "./service.server.ts";
import { JsonLd } from "../../ui/json-ld.tsx";
import { ProjectRequestForm } from "../../forms/deferred.tsx";
import { paths } from "#core/lib/paths.ts";
import { CallToAction } from "../../chrome/cta.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import {
  AboutSection,
  CasesSection,
  FaqSection,
  IncludedSection,
  PricingSection,
  RequestsSection,
  ResultsSection,
  StagesSection,
} from "./service-parts.tsx";

/** The generic service page, built from the service's fields. */
export function ServiceView({ service, cases, structuredData }: ServiceData) {
  return (
    <div className="service-page service-page--generic">
      <JsonLd data={structuredData} />
      <PageHeader title={service.title} lead={service.summary} crumb={service.name} trail={[{ to: paths.services(), label: "Услуги" }]} />
      <RequestsSection service={service} tone="surface" />
      <IncludedSection service={service} />
      <StagesSection service={service} tone="surface" />
      <ResultsSection service={service} />
      <PricingSection service={service} />
      <CasesSection cases={cases} tone="surface" />
      <FaqSection service={service} />
      <AboutSection service={service} />
      <ProjectRequestForm service={service.slug} />
      <CallToAction />
    </div>
  );
}
