import type { ServiceData } from "./service.server.ts";
import { counted, formatNumber } from "#core/lib/format.ts";
import { paths } from "#core/lib/paths.ts";
import { Accordion } from "../../ui/accordion.tsx";
import { ArrowLink } from "../../ui/arrow-link.tsx";
import { buttonClass } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { Picture } from "../../ui/picture.tsx";
import { Prose } from "../../ui/prose.tsx";
import { Section } from "../../ui/section.tsx";
import { Stat, StatList } from "../../ui/stat.tsx";

type Service = ServiceData["service"];

/** Sections shared by the generic and the dedicated service pages; each page orders them its own way. */

const PRICING_MODEL: Record<Service["pricing"]["model"], string> = {
  monthly: "Ежемесячная абонентская плата",
  project: "Фиксированная стоимость проекта",
  hourly: "Почасовая оплата по факту работ",
  percent: "Процент от рекламного бюджета",
};

const PRICING_UNIT: Record<Service["pricing"]["model"], string> = {
  monthly: "в месяц",
  project: "за проект",
  hourly: "в час",
  percent: "в месяц минимум",
};

export const CARD_SIZES = "(min-width: 1440px) 416px, (min-width: 1100px) 31vw, (min-width: 768px) 46vw, 92vw";

export function rub(value: number): string {
  return `${formatNumber(value)}\u00a0₽`;
}


/** Requests shown at once: two rows of three on a wide screen; the rest a click away (and in the page, for search). */
const REQUESTS_SHOWN = 6;

function RequestList({ requests }: { requests: readonly string[] }) {
  return (
    <ul className="requests" role="list">
      {requests.map((request) => (
        <li key={request} className="requests__item">
          {request}
        </li>
      ))}
    </ul>
  );
}

/** The client's problem in their own words, before the agency's: a visitor recognises theirs. */
export function RequestsSection({ service, tone }: { service: Service; tone?: "default" | "surface" }) {
  if (service.requests.length === 0) return null;
  const more = service.requests.slice(REQUESTS_SHOWN);
  return (
    <Section id="service-requests" title="С чем к нам приходят" tone={tone}>
      <RequestList requests={service.requests.slice(0, REQUESTS_SHOWN)} />
      {more.length > 0 ? (
        <details className="requests__more">
          <summary className={buttonClass({ variant: "secondary" }, "requests__toggle")}>Ещё {counted(more.length, ["запрос", "запроса", "запросов"])}</summary>
          <RequestList requests={more} />
        </details>
      ) : null}
    </Section>
  );
}

export function IncludedSection({ service, tone }: { service: Service; tone?: "default" | "surface" }) {
  return (
    <Section id="service-included" title="Что входит в работу" tone={tone}>
      <ul className="grid grid--3" role="list">
        {service.included.map((item) => (
          <Card key={item.title} as="li" tone="surface" title={item.title}>
            <p>{item.text}</p>
          </Card>
        ))}
      </ul>
    </Section>
  );
}

/** Stages as a numbered list: the order is the point. */
export function StagesSection({ service, title = "Как идёт работа", tone }: { service: Service; title?: string; tone?: "default" | "surface" }) {
  return (
    <Section id="service-stages" title={title} tone={tone}>
      <ol className="stages" role="list">
        {service.stages.map((stage, i) => (
          <li key={stage.title} className="stages__item">
            <span className="stages__number" aria-hidden="true">
              {String(i + 1).padStart(2, "0")}
            </span>
            <div className="stages__body">
              <h3 className="stages__title">{stage.title}</h3>
              <p>{stage.text}</p>
              {stage.duration ? <p className="stages__duration">{stage.duration}</p> : null}
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function ResultsSection({ service, tone = "inverse" }: { service: Service; tone?: "default" | "surface" | "inverse" }) {
  return (
    <Section id="service-results" title="Типичные результаты" lead="Медианные значения по нашим проектам за последние два года." tone={tone}>
      <StatList tone={tone === "inverse" ? "inverse" : "default"}>
        {service.results.map((m) => (
          <Stat key={m.label} {...m} />
        ))}
      </StatList>
    </Section>
  );
}

export function PricingSection({ service }: { service: Service }) {
  const { pricing } = service;
  return (
    <Section id="service-pricing" title="Стоимость">
      <div className="pricing">
        <p className="pricing__model">{PRICING_MODEL[pricing.model]}</p>
        <p className="pricing__price">
          от <strong>{rub(pricing.from)}</strong> <span className="pricing__unit">{PRICING_UNIT[pricing.model]}</span>
        </p>
        {pricing.note ? <p className="pricing__note">{pricing.note}</p> : null}
      </div>
    </Section>
  );
}

export function CasesSection({ cases, tone }: { cases: ServiceData["cases"]; tone?: "default" | "surface" }) {
  if (cases.length === 0) return null;
  return (
    <Section id="service-cases" title="Кейсы" tone={tone} action={<ArrowLink to={paths.projects()}>Все проекты</ArrowLink>}>
      <ul className="grid grid--3" role="list">
        {cases.map((p) => (
          <Card
            key={p.slug}
            as="li"
            title={p.title}
            to={paths.project("cases", p.slug)}
            eyebrow={`${p.client} · ${p.industry}`}
            media={<Picture image={p.cover} alt="" sizes={CARD_SIZES} fit="cover" />}
            footer={
              p.result ? (
                <StatList>
                  <Stat {...p.result} />
                </StatList>
              ) : null
            }
          />
        ))}
      </ul>
    </Section>
  );
}

export function FaqSection({ service }: { service: Service }) {
  if (service.faq.length === 0) return null;
  return (
    <Section id="service-faq" title="Частые вопросы">
      <Accordion
        exclusive="service-faq"
        items={service.faq.map((item, i) => ({ id: `faq-${i + 1}`, title: item.question, content: <Prose html={item.answer} /> }))}
      />
    </Section>
  );
}

export function AboutSection({ service }: { service: Service }) {
  return (
    <Section id="service-about" title="Подробнее об услуге">
      <div className="service-about">
        <Prose html={service.body} />
      </div>
    </Section>
  );
}
