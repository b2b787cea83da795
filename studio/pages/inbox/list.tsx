import { Fragment } from "react";
import { type ActionFunctionArgs, Form, Link, type LoaderFunctionArgs, useFetcher, useLoaderData, useSearchParams } from "react-router";
import { numberLabel } from "#core/forms/kinds.ts";
import { formatPhone } from "#core/lib/format.ts";
import { api, ApiFailure, signedIn } from "../../api/client.ts";
import { type FilterErrors, useFilterForm, withFilterErrors } from "../../lib/filter-errors.ts";
import { formatDateTime, isoDateTime } from "../../lib/format.ts";
import { useSession } from "../../shell/session.ts";
import { type BulkResult, FILTER_NAMES, type InboxItem, type InboxOverview, type InboxPage, KINDS, SORTS } from "#core/studio/inbox.ts";
import { pages } from "#core/studio/paths.ts";
import { DayField, Button, EmptyState, Notice, NoticeArea, Page, SelectField, TextField } from "../../ui/index.ts";
import { ExportLinks } from "./export-links.tsx";
import { OverviewPanel } from "./overview.tsx";
import { itemPath, ownerOptions, StatusBadge, stageOptions } from "./parts.tsx";
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

type InboxData = InboxPage & { overview: InboxOverview; filterErrors: FilterErrors };

export function inboxLoader({ request }: LoaderFunctionArgs): Promise<InboxData> {
  const query = filterQuery(new URL(request.url).searchParams);
  return signedIn(request, async () => {
    // A wrong filter value is said at its field; the list is shown without it.
    const [list, overview] = await Promise.all([withFilterErrors(query, (q) => api<InboxPage>("GET", `/inbox?${q}`)), api<InboxOverview>("GET", "/inbox/overview")]);
    return { ...list, overview };
  });
}

type BulkOutcome = { ok: boolean; message: string; errors?: Record<string, string> };

/** Several submissions to one stage and/or owner («Изменить отмеченные»). */
export async function inboxAction({ request }: ActionFunctionArgs): Promise<BulkOutcome> {
  const form = await request.formData();
  const ids = form.getAll("ids").map(String);
  return signedIn(request, async () => {
    try {
      const result = await api<BulkResult>("POST", "/inbox/bulk", { ids, stage: String(form.get("stage") ?? ""), owner: String(form.get("owner") ?? "") });
      const skipped = result.skipped.length > 0 ? ` Не\u00a0изменены (у\u00a0их типа нет такого этапа или ответственного): ${result.skipped.join(", ")}.` : "";
      return { ok: true, message: `Изменено заявок: ${result.changed}.${skipped}` };
    } catch (error) {
      if (error instanceof ApiFailure && error.status !== 401) return { ok: false, message: error.message, errors: error.errors };
      throw error;
    }
  });
}

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

const BULK_FORM = "inbox-bulk";

/** «Заявки»: what needs a person now, then submissions filtered, searched and sorted, changed one by one or several at once. */
export function Inbox() {
  const { items, total, page, pages: count, kinds, stages, owners, overview, filterErrors } = useLoaderData() as InboxData;
  const [params] = useSearchParams();
  const { can } = useSession();
  const { errors, onSubmit } = useFilterForm(filterErrors);
  const bulk = useFetcher<BulkOutcome>();
  const filters = filterQuery(params, false);
  // What the list shows: the filter less the values the server refused.
  for (const name of Object.keys(filterErrors)) for (const dropped of name === "from" || name === "to" ? ["from", "to"] : [name]) filters.delete(dropped);
  const pageHref = (n: number) => {
    const next = new URLSearchParams(filters);
    next.set("page", String(n));
    return `${pages.inbox}?${next}`;
  };
  const mine = new URLSearchParams(filters);
  mine.set("owner", "me");
  mine.delete("page");
  const work = can("leads:work");
  const visibleOwners = owners.filter((owner) => owner.kinds.some((kind) => kinds.includes(kind)));
  return (
    <Page title="Заявки" lead="Всё, что прислали через формы сайта. Время московское.">
      <OverviewPanel overview={overview} />
      <Form method="get" className="s-form s-inbox-filters" role="search" aria-label="Фильтр заявок" onSubmit={onSubmit} noValidate>
        <TextField
          label="Поиск"
          name="q"
          type="search"
          defaultValue={params.get("q") ?? ""}
          hint="Номер, имя, e-mail или телефон, можно начало"
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
        <SelectField label="Этап" name="status" defaultValue={params.get("status") ?? ""} error={errors.status} options={[{ value: "", label: "Любой этап" }, ...stageOptions(stages, kinds)]} />
        <SelectField
          label="Ответственный"
          name="owner"
          defaultValue={params.get("owner") ?? ""}
          error={errors.owner}
          options={[{ value: "", label: "Все" }, { value: "me", label: "Мои" }, { value: "none", label: "Без ответственного" }, ...ownerOptions(visibleOwners)]}
        />
        <SelectField label="Порядок" name="sort" defaultValue={params.get("sort") ?? ""} error={errors.sort} options={Object.entries(SORTS).map(([value, label]) => ({ value: value === "new" ? "" : value, label }))} />
        <DayField label="С" name="from" defaultValue={params.get("from") ?? ""} error={errors.from} />
        <DayField label="По" name="to" defaultValue={params.get("to") ?? ""} error={errors.to} />
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
          {total === 0 ? "Заявок не\u00a0найдено." : `Найдено: ${total}. Страница ${page} из\u00a0${count}.`}
        </p>
        <div className="s-inbox__links">
          {params.get("owner") === "me" ? null : <Link to={`${pages.inbox}?${mine}`}>Мои заявки</Link>}
          {can("leads:stages") ? <Link to={pages.inboxStages}>Этапы</Link> : null}
          {can("leads:export") && total > 0 ? <ExportLinks filters={filters} total={total} /> : null}
        </div>
      </div>
      {work && items.length > 0 ? (
        <bulk.Form method="post" id={BULK_FORM} className="s-form s-inbox-bulk" aria-label="Изменить отмеченные заявки">
          <SelectField label="Новый этап отмеченных" name="stage" defaultValue="" error={bulk.data?.errors?.stage} options={[{ value: "", label: "Не\u00a0менять" }, ...stageOptions(stages, kinds)]} />
          <SelectField
            label={"Ответственный за\u00a0отмеченные"}
            name="owner"
            defaultValue=""
            error={bulk.data?.errors?.owner}
            options={[{ value: "", label: "Не\u00a0менять" }, { value: "none", label: "Никто" }, ...ownerOptions(visibleOwners)]}
          />
          <div className="s-inbox-filters__actions">
            <Button type="submit" busy={bulk.state !== "idle"}>
              Изменить отмеченные
            </Button>
          </div>
        </bulk.Form>
      ) : null}
      <NoticeArea>{bulk.data ? <Notice tone={bulk.data.ok ? "success" : "error"}>{bulk.data.errors?.ids ?? bulk.data.message}</Notice> : null}</NoticeArea>
      {items.length === 0 ? (
        <EmptyState title="Заявок не найдено">{filters.size > 0 ? <p>Измените фильтр или сбросьте его.</p> : <p>Когда кто-то заполнит форму на сайте, заявка появится здесь.</p>}</EmptyState>
      ) : (
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
                      {item.hasFile ? <span className="s-inbox__line s-muted">есть резюме</span> : null}
                      <span className="s-inbox__line">{item.page || "—"}</span>
                      {item.utmSource ? <span className="s-inbox__line s-muted">utm_source: {item.utmSource}</span> : null}
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
      )}
      {count > 1 ? (
        <nav className="s-pager" aria-label="Страницы списка заявок">
          {page > 1 ? <Link to={pageHref(page - 1)}>← Назад</Link> : null}
          <span>
            Страница {page} из {count}
          </span>
          {page < count ? <Link to={pageHref(page + 1)}>Дальше →</Link> : null}
        </nav>
      ) : null}
    </Page>
  );
}
