import { campaignText } from "./parts.tsx";
import { Fragment } from "react";
import { CONSENT_PURPOSES, FIELD_LABELS, fieldText } from "#core/forms/labels.ts";
import { formatPhone } from "#core/lib/format.ts";
import type { InboxDetail } from "#core/studio/inbox.ts";
import { formatDateTime } from "../../lib/format.ts";

/** What a submission's page (submission.tsx) shows as it came: the fields, where the visit came from, the consent given. */
export function Fields({ fields }: { fields: Record<string, unknown> }) {
  const entries = Object.entries(fields).filter(([, value]) => fieldText(value) !== "");
  return (
    <dl className="s-facts">
      {entries.map(([name, value]) => (
        <Fragment key={name}>
          <dt>{FIELD_LABELS[name] ?? name}</dt>
          <dd className="s-inbox__text">
            {name === "email" ? <a href={`mailto:${String(value)}`}>{String(value)}</a> : name === "phone" ? <a href={`tel:${String(value)}`}>{formatPhone(String(value))}</a> : fieldText(value)}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

export function Origin({ s }: { s: InboxDetail }) {
  return (
    <section className="s-section" aria-labelledby="origin-title">
      <h2 id="origin-title" className="s-section__title">
        Откуда
      </h2>
      <dl className="s-facts">
        <dt>Страница формы</dt>
        <dd>{s.page || "—"}</dd>
        {s.campaign ? (
          <>
            <dt>Лендинг</dt>
            <dd>{campaignText(s.campaign)}</dd>
          </>
        ) : null}
        {s.visit.landing && s.visit.landing !== s.page ? (
          <>
            <dt>Первая страница визита</dt>
            <dd>{s.visit.landing}</dd>
          </>
        ) : null}
        {s.visit.referrer ? (
          <>
            <dt>Пришли с сайта</dt>
            <dd>{s.visit.referrer}</dd>
          </>
        ) : null}
        {Object.entries(s.utm).map(([key, value]) => (
          <Fragment key={key}>
            <dt>{key}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
        <dt>IP-адрес</dt>
        <dd>{s.ip}</dd>
      </dl>
    </section>
  );
}

export function Consent({ s }: { s: InboxDetail }) {
  return (
    <section className="s-section" aria-labelledby="consent-title">
      <h2 id="consent-title" className="s-section__title">
        Согласие на обработку данных
      </h2>
      <dl className="s-facts">
        <dt>Дано</dt>
        <dd>
          <time dateTime={s.consent.at}>{formatDateTime(Date.parse(s.consent.at))}</time>
        </dd>
        <dt>С адреса</dt>
        <dd>{s.consent.ip}</dd>
        <dt>Цели</dt>
        <dd>{s.consent.purposes.map((p) => CONSENT_PURPOSES[p] ?? p).join(", ")}</dd>
        <dt>Согласие</dt>
        <dd>в редакции {s.consent.documents.agreement}</dd>
        <dt>Политика</dt>
        <dd>в редакции {s.consent.documents.privacy}</dd>
      </dl>
    </section>
  );
}
