import { useState } from "react";
import { Form, Link, type LoaderFunctionArgs, useLoaderData, useSearchParams } from "react-router";
import { api, signedIn } from "../api/client.ts";
import { formatDate } from "../lib/format.ts";
import type { LoggedQuery, SearchLogView } from "#core/search/log.ts";
import { pages } from "#core/studio/paths.ts";
import { counted } from "#core/lib/format.ts";
import { Button, Cell, EmptyState, Page, SelectField, Table } from "../ui/index.ts";
import { QueryResults } from "./query-results.tsx";
import "./search-log.css";

export function searchLogLoader({ request }: LoaderFunctionArgs): Promise<SearchLogView> {
  const query = new URL(request.url).searchParams;
  const params = new URLSearchParams();
  const week = query.get("week");
  if (week && /^\d{1,15}$/.test(week)) params.set("week", week);
  if (query.get("empty") === "1") params.set("empty", "1");
  return signedIn(request, () => api<SearchLogView>("GET", `/search-log?${params}`));
}

/** Where «Синонимы для поиска» are edited: a word visitors use that the pages do not is added there, a page pinned to a query. */
const SYNONYMS = `${pages.content}searchSynonyms/-/`;
const pinHref = (query: string) => `${SYNONYMS}?pin=${encodeURIComponent(query)}`;
const DAY_MS = 86_400_000;

/** «23 ноября 2026 г. — 29 ноября 2026 г.»: the Moscow week that starts on `monday`. */
function weekLabel(monday: number): string {
  return `${formatDate(monday)} — ${formatDate(monday + 6 * DAY_MS)}`;
}

const share = (part: number, whole: number) => (whole === 0 ? "" : ` (${Math.round((part / whole) * 100)}\u00a0%)`);

function Followed({ row }: { row: LoggedQuery }) {
  if (row.clicksTotal === 0) return <>—</>;
  return (
    <ul>
      {row.clicks.map((click) => (
        <li key={`${click.url}-${click.position}`}>
          <a href={click.url} target="_blank" rel="noreferrer">
            {click.url}
          </a>{" "}
          — {click.position}-е место, {counted(click.clicks, ["переход", "перехода", "переходов"])}
        </li>
      ))}
    </ul>
  );
}

/**
 * «Поиск по сайту»: what visitors searched in a week (Moscow time), most searched first, and what
 * found nothing; the results they followed and at which place. Counts only: no one's address,
 * cookie or name, and only from visitors who did not refuse analytics.
 */
export function SearchLog() {
  const view = useLoaderData() as SearchLogView;
  const [params] = useSearchParams();
  const onlyEmpty = params.get("empty") === "1";
  const [checked, setChecked] = useState("");
  return (
    <Page
      title="Поиск по сайту"
      lead={`Что искали посетители сайта за неделю и что нашли. Только числа: ни адресов, ни имён; запросы, похожие на почту или телефон, не сохраняются. Хранится ${counted(view.days, ["день", "дня", "дней"])}.`}
    >
      <QueryResults query={checked} pinHref={pinHref} />
      {view.week === null ? (
        <EmptyState title="Пока ничего не искали">
          <p>Запросы появятся здесь, когда посетители воспользуются поиском на сайте и не откажутся от аналитики.</p>
        </EmptyState>
      ) : (
        <>
          <Form method="get" className="s-form s-form--filters" role="search" aria-label="Неделя и отбор запросов">
            <SelectField
              label="Неделя"
              name="week"
              defaultValue={String(view.week)}
              options={view.weeks.map((monday) => ({ value: String(monday), label: weekLabel(monday) }))}
            />
            <div className="s-check">
              <input id="only-empty" type="checkbox" name="empty" value="1" defaultChecked={onlyEmpty} />
              <label htmlFor="only-empty">Только ничего не нашедшие</label>
            </div>
            <Button type="submit" variant="primary">
              Показать
            </Button>
          </Form>
          <p className="s-muted" aria-live="polite">
            {weekLabel(view.week)}: {counted(view.searches, ["поиск", "поиска", "поисков"])}, из них без результатов {view.empty}
            {share(view.empty, view.searches)}.
            {view.more ? " Показаны самые частые запросы." : ""}
          </p>
          {view.queries.length === 0 ? (
            <EmptyState title="Таких запросов не было">
              <p>За эту неделю все запросы что-то нашли.</p>
            </EmptyState>
          ) : (
            <Table caption={onlyEmpty ? "Запросы без результатов" : "Запросы посетителей"} cards head={["Запрос", "Искали", "Без результатов", "Перешли на", "Что сделать"]}>
              {view.queries.map((row) => (
                <tr key={row.query}>
                  <Cell label="Запрос" plain>
                    <strong>{row.query}</strong>
                  </Cell>
                  <Cell label="Искали">{row.searches}</Cell>
                  <Cell label="Без результатов">{row.empty}</Cell>
                  <Cell label="Перешли на">
                    <Followed row={row} />
                  </Cell>
                  <Cell label="Что сделать">
                    <ul className="s-actions-list">
                      <li>
                        <Button variant="quiet" aria-label={`Что найдёт «${row.query}»`} onClick={() => setChecked(row.query)}>
                          Что найдёт
                        </Button>
                      </li>
                      {row.empty > 0 ? (
                        <li>
                          <Link to={`${SYNONYMS}?add=${encodeURIComponent(row.query)}`}>Добавить синонимы</Link>
                        </li>
                      ) : null}
                      <li>
                        <Link to={pinHref(row.query)}>Закрепить страницу</Link>
                      </li>
                    </ul>
                  </Cell>
                </tr>
              ))}
            </Table>
          )}
        </>
      )}
    </Page>
  );
}
