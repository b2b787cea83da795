import type { Route } from "./+types/page";
import { content } from "#core/content/index.server.ts";
import { ProjectRequestForm } from "../../forms/deferred.tsx";
import { formatPhone } from "#core/lib/format.ts";
import { pageMeta } from "../../lib/meta.ts";
import { AppLink } from "../../ui/app-link.tsx";
import { Icon } from "../../ui/icon.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { Section } from "../../ui/section.tsx";
import { OfficeMap, yandexMapsUrl } from "./office-map.tsx";

export function loader() {
  return { contacts: content().contacts };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.contacts.title, description: args.loaderData?.contacts.description ?? "" });

export default function ContactsPage({ loaderData: { contacts } }: Route.ComponentProps) {
  const r = contacts.requisites;
  return (
    <>
      <PageHeader title={contacts.title} lead={contacts.lead} crumb="Контакты" />
      <div className="container contacts__channels">
        <dl className="contacts__emails">
          <div>
            <dt>Новые проекты</dt>
            <dd>
              <AppLink to={`mailto:${contacts.salesEmail}`}>{contacts.salesEmail}</AppLink>
            </dd>
          </div>
          <div>
            <dt>Работа у нас</dt>
            <dd>
              <AppLink to={`mailto:${contacts.hrEmail}`}>{contacts.hrEmail}</AppLink>
            </dd>
          </div>
          <div>
            <dt>Пресса</dt>
            <dd>
              <AppLink to={`mailto:${contacts.pressEmail}`}>{contacts.pressEmail}</AppLink>
            </dd>
          </div>
        </dl>
        {contacts.messengers.length > 0 ? (
          <ul className="share__list" role="list" aria-label="Мессенджеры">
            {contacts.messengers.map((m) => (
              <li key={m.name}>
                <AppLink className="share__link" to={m.url}>
                  <Icon icon={m.icon} size={20} /> {m.name}
                </AppLink>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <ProjectRequestForm />
      <Section id="offices" title="Офисы">
        <ul className="offices" role="list">
          {contacts.offices.map((o) => (
            <li key={o.id} className="office" aria-labelledby={`office-${o.id}`}>
              <div className="office__text">
                <h3 id={`office-${o.id}`}>{o.city}</h3>
                <address className="stack">
                  <p>{o.address}</p>
                  {o.directions ? <p className="office__muted">{o.directions}</p> : null}
                  <p>
                    <a href={`tel:${o.phone}`}>{formatPhone(o.phone)}</a>
                  </p>
                  <p>
                    <a href={`mailto:${o.email}`}>{o.email}</a>
                  </p>
                  <p className="office__muted">{o.hours}</p>
                </address>
                <AppLink to={yandexMapsUrl(o.geo.lat, o.geo.lon, `${o.city}, ${o.address}`)}>Открыть в Яндекс Картах</AppLink>
              </div>
              <OfficeMap lat={o.geo.lat} lon={o.geo.lon} label={`${o.city}, ${o.address}`} />
            </li>
          ))}
        </ul>
      </Section>
      <Section id="requisites" title="Реквизиты" tone="surface" titleSize="m">
        <dl className="requisites">
          <div><dt>Полное наименование</dt><dd>{r.name}</dd></div>
          <div><dt>ИНН</dt><dd>{r.inn}</dd></div>
          <div><dt>КПП</dt><dd>{r.kpp}</dd></div>
          <div><dt>ОГРН</dt><dd>{r.ogrn}</dd></div>
          <div><dt>Юридический адрес</dt><dd>{r.address}</dd></div>
          <div><dt>Банк</dt><dd>{r.bank}</dd></div>
          <div><dt>Расчётный счёт</dt><dd>{r.account}</dd></div>
          <div><dt>БИК</dt><dd>{r.bik}</dd></div>
        </dl>
      </Section>
    </>
  );
}
