import { type ActionFunctionArgs, Link, type LoaderFunctionArgs, useFetcher, useLoaderData } from "react-router";
import { api, ApiFailure, signedIn } from "../../api/client.ts";
import { type FilterErrors, useFilterForm, withFilterErrors } from "../../lib/filter-errors.ts";
import type { BulkResult, Funnel, InboxOverview, InboxPage } from "#core/studio/inbox.ts";
import { pages } from "#core/studio/paths.ts";
import { EmptyState, Notice, NoticeArea, Page } from "../../ui/index.ts";
import { ExportLinks } from "./export-links.tsx";
import { Fold } from "./fold.tsx";
import { FunnelPanel } from "./funnel.tsx";
import { BulkChange, type BulkOutcome } from "./list-bulk.tsx";
import { InboxFilters } from "./list-filters.tsx";
import { InboxTable } from "./list-table.tsx";
import { OverviewPanel } from "./overview.tsx";
import { filterQuery, useInboxList } from "./use-inbox-list.ts";
import "./inbox.css";

export { filterQuery } from "./use-inbox-list.ts";
export { breakable } from "./list-table.tsx";

type InboxData = InboxPage & {
  overview: InboxOverview;
  funnel: Funnel & { filterErrors: FilterErrors };
  reasons: Partial<Record<string, string[]>>;
  filterErrors: FilterErrors;
};

export function inboxLoader({ request }: LoaderFunctionArgs): Promise<InboxData> {
  const address = new URL(request.url).searchParams;
  const query = filterQuery(address);
  const period = new URLSearchParams();
  for (const name of ["since", "until"]) if (address.get(name)) period.set(name, address.get(name) as string);
  return signedIn(request, async () => {
    // A wrong filter value is said at its field; the list is shown without it (the funnel's period likewise).
    const [list, overview, funnel, reasons] = await Promise.all([
      withFilterErrors(query, (q) => api<InboxPage>("GET", `/inbox?${q}`)),
      api<InboxOverview>("GET", "/inbox/overview"),
      withFilterErrors(period, (q) => api<Funnel>("GET", `/inbox/funnel?${q}`)),
      api<InboxData["reasons"]>("GET", "/inbox/loss-reasons"),
    ]);
    return { ...list, overview, funnel, reasons };
  });
}

/** Several submissions to one stage and/or owner («Изменить отмеченные»). */
export async function inboxAction({ request }: ActionFunctionArgs): Promise<BulkOutcome> {
  const form = await request.formData();
  const ids = form.getAll("ids").map(String);
  const text = (name: string) => String(form.get(name) ?? "");
  return signedIn(request, async () => {
    try {
      const result = await api<BulkResult>("POST", "/inbox/bulk", { ids, stage: text("stage"), owner: text("owner"), reason: text("reason"), note: text("note") });
      const skipped = result.skipped.length > 0 ? ` Не\u00a0изменены (у\u00a0их типа нет такого этапа, причины или ответственного): ${result.skipped.join(", ")}.` : "";
      return { ok: true, message: `Изменено заявок: ${result.changed}.${skipped}` };
    } catch (error) {
      if (error instanceof ApiFailure && error.status !== 401) return { ok: false, message: error.message, errors: error.errors };
      throw error;
    }
  });
}

/**
 * «Заявки»: the list first; what needs a person now with the weekly chart, the funnel, the
 * filter and the change of several rows in panels above it, folded on a phone (fold.tsx).
 */
export function Inbox() {
  const data = useLoaderData() as InboxData;
  const { items, total, page, pages: count, kinds, stages, landings, overview, funnel, reasons, filterErrors } = data;
  const { params, can, filters, pageHref, mineHref, work, visibleOwners } = useInboxList(data);
  const { errors, onSubmit } = useFilterForm(filterErrors);
  const bulk = useFetcher<BulkOutcome>();
  return (
    <Page title="Заявки" lead="Всё, что прислали через формы сайта. Время московское.">
      <Fold title="Сейчас и по неделям">
        <OverviewPanel overview={overview} />
      </Fold>
      <Fold title="Воронка" open={params.has("since") || params.has("until") || Object.keys(funnel.filterErrors).length > 0}>
        <FunnelPanel funnel={funnel} filters={filters} />
      </Fold>
      <Fold title={filters.size > 0 ? "Фильтр (задан)" : "Фильтр"}>
        <InboxFilters params={params} kinds={kinds} stages={stages} owners={visibleOwners} landings={landings} errors={errors} onSubmit={onSubmit} filtered={filters.size > 0} />
      </Fold>
      {work && items.length > 0 ? (
        <Fold title="Изменить отмеченные">
          <BulkChange bulk={bulk} kinds={kinds} stages={stages} owners={visibleOwners} reasons={reasons} />
        </Fold>
      ) : null}
      <NoticeArea>{bulk.data ? <Notice tone={bulk.data.ok ? "success" : "error"}>{bulk.data.errors?.ids ?? bulk.data.errors?.reason ?? bulk.data.message}</Notice> : null}</NoticeArea>
      <div className="s-inbox__summary">
        <p className="s-muted" aria-live="polite">
          {total === 0 ? "Заявок не\u00a0найдено." : `Найдено: ${total}. Страница ${page} из\u00a0${count}.`}
        </p>
        <div className="s-inbox__links">
          {params.get("owner") === "me" ? null : <Link to={mineHref}>Мои заявки</Link>}
          {can("leads:stages") ? <Link to={pages.inboxStages}>Этапы и&nbsp;причины отказа</Link> : null}
          {can("leads:export") && total > 0 ? <ExportLinks filters={filters} total={total} /> : null}
        </div>
      </div>
      {items.length === 0 ? (
        <EmptyState title="Заявок не найдено">{filters.size > 0 ? <p>Измените фильтр или сбросьте его.</p> : <p>Когда кто-то заполнит форму на сайте, заявка появится здесь.</p>}</EmptyState>
      ) : (
        <InboxTable items={items} stages={stages} work={work} />
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
