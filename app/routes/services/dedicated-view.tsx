import type { ServiceData } from "./service.server.ts";
import { JsonLd } from "../../ui/json-ld.tsx";
import { ProjectRequestForm } from "../../forms/deferred.tsx";
import { paths } from "#core/lib/paths.ts";
import { CallToAction } from "../../chrome/cta.tsx";
import { ButtonLink, buttonClass } from "../../ui/button.tsx";
import { cx } from "../../ui/class-names.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import { Section } from "../../ui/section.tsx";
import { Stat, StatList } from "../../ui/stat.tsx";
import { PRIMARY_ACTION } from "../../chrome/primary-action.ts";
import { AboutSection, CasesSection, FaqSection, IncludedSection, RequestsSection, StagesSection, rub } from "./service-parts.tsx";

type Service = ServiceData["service"];

const PERIOD: Record<Service["packages"][number]["period"], string> = { month: "в месяц", project: "за проект" };

/**
 * The richer page of a flagship service (ASO, SEO, performance marketing):
 * results up front, process, tools, priced packages, cases, FAQ.
 */
export function DedicatedServiceView({ service, cases, structuredData }: ServiceData) {
  return (
    <div className="service-page service-page--dedicated">
      <JsonLd data={structuredData} />
      <PageHeader title={service.title} lead={service.summary} crumb={service.name} trail={[{ to: paths.services(), label: "Услуги" }]}>
        <div className="service-hero">
          <StatList className="service-hero__stats">
            {service.results.map((m) => (
              <Stat key={m.label} {...m} />
            ))}
          </StatList>
          <div className="cluster">
            <ButtonLink variant="primary" size="l" to={PRIMARY_ACTION.to} iconEnd="arrow-right">
              {PRIMARY_ACTION.label}
            </ButtonLink>
            {/* An anchor on this page, not navigation: a plain link keeps the hash as is. */}
            <a className={buttonClass({ size: "l" })} href="#service-packages">
              <span className="button__label">Пакеты и цены</span>
            </a>
          </div>
        </div>
      </PageHeader>
      <RequestsSection service={service} />
      <StagesSection service={service} title="Процесс" tone="surface" />
      <IncludedSection service={service} />
      {service.tools.length > 0 ? (
        <Section id="service-tools" title="Инструменты" tone="inverse" lead="Платформы и сервисы, с которыми работаем каждый день.">
          <ul className="tools" role="list">
            {service.tools.map((tool) => (
              <li key={tool} className="tools__item">
                {tool}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section id="service-packages" title="Пакеты" lead={service.pricing.note ?? `Стоимость — от ${rub(service.pricing.from)}, без НДС.`}>
        <ul className="packages" role="list">
          {service.packages.map((pack) => (
            <li key={pack.name} className={cx("package", pack.highlighted && "package--highlighted")}>
              <h3 className="package__name">{pack.name}</h3>
              {pack.highlighted ? <p className="package__badge">Чаще всего выбирают</p> : null}
              <p className="package__price">
                от <strong>{rub(pack.price)}</strong> <span className="package__period">{PERIOD[pack.period]}</span>
              </p>
              <ul className="package__features" role="list">
                {pack.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              <ButtonLink variant={pack.highlighted ? "primary" : "secondary"} block to={PRIMARY_ACTION.to}>
                Обсудить пакет
              </ButtonLink>
            </li>
          ))}
        </ul>
      </Section>
      <CasesSection cases={cases} tone="surface" />
      <FaqSection service={service} />
      <AboutSection service={service} />
      <ProjectRequestForm service={service.slug} />
      <CallToAction />
    </div>
  );
}
