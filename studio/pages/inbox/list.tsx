import { Form, Link, type LoaderFunctionArgs, useLoaderData, useSearchParams } from "react-router";
import { formatPhone } from "#core/lib/format.ts";
import { api, signedIn } from "../../api/client.ts";
import { type FilterErrors, useFilterForm, withFilterErrors } from "../../lib/filter-errors.ts";
import { formatDateTime, isoDateTime } from "../../lib/format.ts";
import { useSession } from "../../shell/session.ts";
import { FILTER_NAMES, type InboxItem, type InboxPage, KINDS, STATUSES } from "#core/studio/inbox.ts";
import { pages } from "#core/studio/paths.ts";
import { Button, EmptyState, Page, SelectField, Table, TextField } from "../../ui/index.ts";
import { ExportLinks } from "./export-links.tsx";
import { itemPath, StatusBadge } from "./parts.tsx";
import "./inbox.css";

/** The filters and the page number of an address, as the API takes them. */
export function filterQuery(search: URLSearchParams, withPage = true): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of [...FILTER_NAMES, ...(withPage ? ["page"] : [])]) {
    const value = search.get(name)?.trim();
    if (value) query.set(name, value);
  }
  return query;
}

type Loaded = InboxPage & { filterErrors: FilterErrors };

export function inboxLoader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  const query = filterQuery(new URL(request.url).searchParams);
  // A wrong filter value is said at its field; the list is shown without it.
  return signedIn(request, () => withFilterErrors(query, (q) => api<InboxPage>("GET", `/inbox?${q}`)));
}

function Contacts({ item }: { item: InboxItem }) {
  return (
    <>
      {item.email ? <span className="s-inbox__line">{item.email}</span> : null}
      {item.phone ? <span className="s-inbox__line">{formatPhone(item.phone)}</span> : null}
    </>
  );
}

/** «Заявки»: submissions newest first, filtered and searched, with the CSV of the same filter. */
export function Inbox() {
  const { items, total, page, pages: count, kinds, filterErrors } = useLoaderData() as Loaded;
  const [params] = useSearchParams();
  const { can } = useSession();
  const { errors, onSubmit } = useFilterForm(filterErrors);
  const filters = filterQuery(params, false);
  // What the list shows: the filter less the values the server refused.
  for (const name of Object.keys(filterErrors)) for (const dropped of name === "from" || name === "to" ? ["from", "to"] : [name]) filters.delete(dropped);
  const pageHref = (n: number) => {
    const next = new URLSearchParams(filters);
    next.set("page", String(n));
    return `${pages.inbox}?${next}`;
  };
  return (
    <Page title="Заявки" lead="Всё, что прислали через формы сайта, новое сверху. Время московское.">
      <Form method="get" className="s-form s-inbox-filters" role="search" aria-label="Фильтр заявок" onSubmit={onSubmit} noValidate>
        <TextField
          label="Поиск"
          name="q"
          type="search"
          defaultValue={params.get("q") ?? ""}
          hint="Имя, e-mail или телефон, можно начало"
          error={errors.q}
          autoComplete="off"
          spellCheck={false}
        />
        {kinds.length > 1 ? (
          <SelectField
            label="Тип"
            name="kind"
            defaultValue={params.get("kind") ?? ""}
            error={errors.kind}
            options={[{ value: "", label: "Все типы" }, ...kinds.map((kind) => ({ value: kind, label: KINDS[kind].label }))]}
          />
        ) : null}
        <SelectField
          label="Статус"
          name="status"
          defaultValue={params.get("status") ?? ""}
          error={errors.status}
          options={[{ value: "", label: "Любой статус" }, ...Object.entries(STATUSES).map(([value, label]) => ({ value, label }))]}
        />
        <TextField label="С" name="from" type="date" defaultValue={params.get("from") ?? ""} error={errors.from} />
        <TextField label="По" name="to" type="date" defaultValue={params.get("to") ?? ""} error={errors.to} />
        <TextField label="Страница сайта" name="source" defaultValue={params.get("source") ?? ""} hint="Адрес, например /contacts/" spellCheck={false} error={errors.source} />
        <TextField label="Источник (utm_source)" name="utm" defaultValue={params.get("utm") ?? ""} spellCheck={false} error={errors.utm} />
        <div className="s-inbox-filters__actions">
          <Button type="submit" variant="primary">
            Показать
          </Button>
          {filters.size > 0 ? <Link to={pages.inbox}>Сбросить фильтр</Link> : null}
        </div>
      </Form>
      <div className="s-inbox__summary">
        <p className="s-muted" aria-live="polite">
          {total === 0 ? "Заявок не найдено." : `Найдено: ${total}. Страница ${page} из ${count}.`}
        </p>
        {can("leads:export") && total > 0 ? <ExportLinks filters={filters} total={total} /> : null}
      </div>
      {items.length === 0 ? (
        <EmptyState title="Заявок не найдено">{filters.size > 0 ? <p>Измените фильтр или сбросьте его.</p> : <p>Когда кто-то заполнит форму на сайте, заявка появится здесь.</p>}</EmptyState>
      ) : (
        <div className="s-inbox__wide">
        <Table caption="Заявки" hideCaption head={["Получена", "Кто", "Контакты", "Тип и тема", "Откуда", "Статус"]}>
          {items.map((item) => (
            <tr key={item.id}>
              <td>
                <time dateTime={isoDateTime(item.createdAt)}>{formatDateTime(item.createdAt)}</time>
              </td>
              <td>
                <Link to={itemPath(item.id)} className="s-inbox__name">
                  {item.name || item.email || "Без имени"}
                </Link>
              </td>
              <td>
                <Contacts item={item} />
              </td>
              <td>
                <span className="s-inbox__line">{KINDS[item.kind].label}</span>
                {item.subject ? <span className="s-inbox__line s-muted">{item.subject}</span> : null}
                {item.hasFile ? <span className="s-inbox__line s-muted">есть резюме</span> : null}
              </td>
              <td>
                <span className="s-inbox__line">{item.page || "—"}</span>
                {item.utmSource ? <span className="s-inbox__line s-muted">utm_source: {item.utmSource}</span> : null}
              </td>
              <td>
                <StatusBadge status={item.status} />
                {item.undelivered ? <span className="s-inbox__line s-inbox__alert">не доставлена</span> : null}
              </td>
            </tr>
          ))}
        </Table>
        </div>
      )}
      {count > 1 ? (
        <nav className="s-pager" aria-label="Страницы списка заявок">
          {page > 1 ? <Link to={pageHref(page - 1)}>← Новее</Link> : null}
          <span>
            Страница {page} из {count}
          </span>
          {page < count ? <Link to={pageHref(page + 1)}>Старше →</Link> : null}
        </nav>
      ) : null}
    </Page>
  );
}
