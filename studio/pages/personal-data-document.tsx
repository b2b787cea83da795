import { Fragment, type ReactNode, useEffect, useRef } from "react";
import { CONSENT_PURPOSES, FIELD_LABELS, fieldText } from "#core/forms/labels.ts";
import { numberLabel } from "#core/forms/kinds.ts";
import { formatPhone } from "#core/lib/format.ts";
import { inMoscow } from "#core/lib/moscow-time.ts";
import { KINDS } from "#core/studio/inbox.ts";
import type { PersonalDataCopy } from "#core/studio/personal-data.ts";
import { Button } from "../ui/index.ts";
import "./personal-data-document.css";

/**
 * The person's copy as a document they can read (152-FZ, art. 14): the agency, the date of the
 * copy, then a section per record with its fields under the forms' labels, where it came from, the
 * consent given, what was sent where, its stages and the team's comments; every moment in Moscow
 * time. Printed (or saved as PDF by the browser's print dialog) without the studio around it. Made
 * from the same JSON copy programs get; everything in it is text, so nothing a visitor typed runs.
 */
const CHANNELS: Record<string, string> = {
  webhook: "Передача в\u00a0CRM агентства",
  mail: "Письмо сотрудникам агентства",
  confirm: "Письмо с\u00a0просьбой подтвердить подписку",
  attendee: "Письмо о\u00a0регистрации на\u00a0событие",
  assign: "Письмо ответственному сотруднику",
};
const DELIVERY: Record<string, string> = { delivered: "доставлено", pending: "в\u00a0очереди", dead: "не\u00a0доставлено" };
const SUBSCRIPTION: Record<string, string> = { active: "действует", pending: "не\u00a0подтверждена" };

/** «25 ноября 2025 г. в 22:46»; an absent moment as a dash. */
const when = (iso: string | null | undefined) => (iso ? inMoscow(iso, "dateTime") : "—");

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="s-pd-doc__facts">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

type Record_ = PersonalDataCopy["submissions"][number];

function fieldRows(record: Record_): Array<[string, ReactNode]> {
  return Object.entries(record.fields)
    .filter(([, value]) => fieldText(value) !== "")
    .map(([name, value]) => [FIELD_LABELS[name] ?? name, name === "phone" ? formatPhone(String(value)) : fieldText(value)]);
}

function consentText(consent: Record_["consent"]): string {
  const purposes = (consent.purposes ?? []).map((p) => CONSENT_PURPOSES[p] ?? p).join(", ");
  const documents = consent.documents ? `; согласие в\u00a0редакции от\u00a0${consent.documents.agreement ?? "—"}, политика обработки данных в\u00a0редакции от\u00a0${consent.documents.privacy ?? "—"}` : "";
  return `дано ${when(consent.at)} с\u00a0IP-адреса ${consent.ip ?? "—"}${purposes ? `; цели: ${purposes}` : ""}${documents}`;
}

function RecordSection({ record, index }: { record: Record_; index: number }) {
  const utm = Object.entries(record.utm).map(([key, value]) => `${key}=${value}`).join(", ");
  const rows: Array<[string, ReactNode]> = [
    ["Вид", KINDS[record.kind]?.label ?? record.kind],
    ["Получено", when(record.receivedAt)],
    ["Этап рассмотрения", record.stage],
    ...fieldRows(record),
    ["Страница сайта", record.page || "—"],
    ...(record.landing ? ([["Первая страница визита", record.landing]] as Array<[string, ReactNode]>) : []),
    ...(record.referrer ? ([["Переход с\u00a0сайта", record.referrer]] as Array<[string, ReactNode]>) : []),
    ...(utm ? ([["Метки рекламы (UTM)", utm]] as Array<[string, ReactNode]>) : []),
    ["IP-адрес", record.ip],
    ["Согласие на\u00a0обработку", consentText(record.consent)],
    ...(record.loss ? ([["Причина отказа", [record.loss.reason, record.loss.note].filter(Boolean).join(": ") || "—"]] as Array<[string, ReactNode]>) : []),
    ...(record.file ? ([["Файл резюме", `${record.file.name}, ${Math.max(1, Math.round(record.file.size / 1024))}\u00a0КБ`]] as Array<[string, ReactNode]>) : []),
  ];
  const id = `pd-doc-record-${index}`;
  return (
    <section className="s-pd-doc__record" aria-labelledby={id}>
      <h3 id={id}>
        {numberLabel(record.kind, record.number)} от {when(record.receivedAt)}
      </h3>
      <Facts rows={rows} />
      {record.deliveries.length > 0 ? (
        <>
          <h4>Куда передавались сведения</h4>
          <ul>
            {record.deliveries.map((d, i) => (
              <li key={i}>
                {CHANNELS[d.channel] ?? d.channel}: {DELIVERY[d.status] ?? d.status}
                {d.deliveredAt ? ` ${when(d.deliveredAt)}` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {record.statusHistory.length > 0 ? (
        <>
          <h4>История этапов</h4>
          <ul>
            {record.statusHistory.map((h, i) => (
              <li key={i}>
                {when(h.at)}: «{h.fromStage}» → «{h.toStage}»
                {h.reason || h.note ? `: ${[h.reason, h.note].filter(Boolean).join(", ")}` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {record.comments.length > 0 ? (
        <>
          <h4>Заметки сотрудников</h4>
          <ul>
            {record.comments.map((c, i) => (
              <li key={i} className="s-pd-doc__comment">
                {when(c.at)}
                {c.author ? `, ${c.author}` : ""}: {c.text}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

export function PersonalDataDocument({ copy, onClose }: { copy: PersonalDataCopy; onClose(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The document replaces the report on the screen: focus goes to its title, as after a navigation.
  useEffect(() => heading.current?.focus(), []);
  return (
    <article className="s-pd-doc" aria-labelledby="pd-doc-title">
      <div className="s-pd-doc__actions">
        <Button variant="primary" onClick={() => window.print()}>
          Распечатать или сохранить в&nbsp;PDF
        </Button>
        <Button onClick={onClose}>Вернуться к&nbsp;найденному</Button>
      </div>
      <header className="s-pd-doc__header">
        <p className="s-pd-doc__agency">Агентство «{copy.agency}»</p>
        <h2 id="pd-doc-title" className="s-pd-doc__title" tabIndex={-1} ref={heading}>
          Сведения о&nbsp;ваших персональных данных
        </h2>
        <p>
          Копия составлена {when(copy.madeAt)} (время московское) по&nbsp;вашему запросу, статья&nbsp;14 Федерального закона №&nbsp;152-ФЗ «О&nbsp;персональных данных». В&nbsp;ней всё, что сайт агентства хранит о&nbsp;вас по&nbsp;этим записям.
        </p>
      </header>
      {copy.submissions.map((record, index) => (
        <RecordSection key={record.id} record={record} index={index} />
      ))}
      {copy.subscriptions.length > 0 ? (
        <section className="s-pd-doc__record" aria-labelledby="pd-doc-subscriptions">
          <h3 id="pd-doc-subscriptions">Подписка на&nbsp;рассылку</h3>
          <ul>
            {copy.subscriptions.map((s, i) => (
              <li key={i}>
                {s.email}: {SUBSCRIPTION[s.status] ?? s.status}, запрошена {when(s.requestedAt)}
                {s.confirmedAt ? `, подтверждена ${when(s.confirmedAt)}` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {copy.submissions.length === 0 && copy.subscriptions.length === 0 ? <p>По&nbsp;отмеченным записям ничего не&nbsp;хранится.</p> : null}
    </article>
  );
}
