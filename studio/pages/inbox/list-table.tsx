import { campaignText } from "./parts.tsx";
import { Fragment } from "react";
import { Link } from "react-router";
import { numberLabel } from "#core/forms/kinds.ts";
import { formatPhone } from "#core/lib/format.ts";
import { type InboxItem, type InboxPage, KINDS } from "#core/studio/inbox.ts";
import { formatDateTime, isoDateTime } from "../../lib/format.ts";
import { BULK_FORM } from "./list-bulk.tsx";
import { itemPath, StatusBadge } from "./parts.tsx";

/** A long address may wrap before its «@» and dots, never inside a word. */
export function breakable(text: string) {
  return text.split(/(?=[@.])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

function Contacts({ item }: { item: InboxItem }) {
  return (
    <>
      {item.email ? <span className="s-inbox__line">{breakable(item.email)}</span> : null}
      {item.phone ? <span className="s-inbox__line">{formatPhone(item.phone)}</span> : null}
    </>
  );
}

/** What a request asks for: its services and budget, when it names them. */
function Terms({ item }: { item: InboxItem }) {
  return (
    <>
      {item.services.length > 0 ? <span className="s-inbox__line">Услуги: {item.services.join(", ")}</span> : null}
      {item.budget ? <span className="s-inbox__line">Бюджет: {item.budget}</span> : null}
    </>
  );
}

/** The list's rows (cards below 60rem): number and time, who, what and where from, stage, owner. */
export function InboxTable({ items, stages, work }: { items: InboxItem[]; stages: InboxPage["stages"]; work: boolean }) {
  return (
    <div className="s-inbox__wide s-table-box" tabIndex={0} role="region" aria-label="Заявки">
      <table className="s-table s-inbox-table">
        <caption className="s-visually-hidden">Заявки</caption>
        <thead>
          <tr>
            {work ? <th scope="col">Отметить</th> : null}
            <th scope="col">Номер и&nbsp;время</th>
            <th scope="col">Кто</th>
            <th scope="col">Тип и&nbsp;источник</th>
            <th scope="col">Этап</th>
            <th scope="col">Ответственный</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const label = numberLabel(item.kind, item.number);
            return (
              <tr key={item.id}>
                {work ? (
                  <td className="s-inbox-table__pick">
                    <input type="checkbox" name="ids" value={item.id} form={BULK_FORM} aria-label={`Отметить: ${label}`} className="s-checkbox" />
                  </td>
                ) : null}
                <td className="s-inbox-table__number">
                  <Link to={itemPath(item.id)} className="s-inbox__name">
                    {label}
                  </Link>
                  <time className="s-inbox__line s-muted" dateTime={isoDateTime(item.createdAt)}>
                    {formatDateTime(item.createdAt)}
                  </time>
                </td>
                <td data-label="Кто">
                  <Link to={itemPath(item.id)} className="s-inbox__name s-inbox__line">
                    {item.name || item.email || "Без имени"}
                  </Link>
                  <Contacts item={item} />
                </td>
                <td data-label="Тип">
                  <span className="s-inbox__line">{KINDS[item.kind].label}</span>
                  {item.subject ? <span className="s-inbox__line s-muted">{item.subject}</span> : null}
                  <Terms item={item} />
                  {item.hasFile ? <span className="s-inbox__line s-muted">есть резюме</span> : null}
                  <span className="s-inbox__line">{item.page || "—"}</span>
                  {item.utmSource ? <span className="s-inbox__line s-muted">utm_source: {item.utmSource}</span> : null}
                  {item.campaign ? <span className="s-inbox__line s-muted">{campaignText(item.campaign)}</span> : null}
                </td>
                <td data-label="Этап">
                  <StatusBadge status={item.status} stages={stages} kind={item.kind} />
                  {item.undelivered ? <span className="s-inbox__line s-inbox__alert">не доставлена</span> : null}
                </td>
                <td data-label="Ответственный">{item.ownerName ?? <span className="s-muted">никто</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
