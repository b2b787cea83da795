import { useMemo, useState } from "react";
import { Link, useLoaderData, useLocation } from "react-router";
import { COLLECTION_CATALOG, entryWords, isCollectionName } from "#core/content/catalog.ts";
import { formModel, type FieldNode, type Option } from "../content/model.ts";
import { lifeLabel } from "../content/life.ts";
import { contentHref, newEntryHref } from "../content/paths.ts";
import { formatDateTime } from "../lib/format.ts";
import type { EntryList, ListedEntry } from "#core/studio/content-api.ts";
import { pages } from "#core/studio/paths.ts";
import { BulkActions } from "../content/bulk-actions.tsx";
import { useSession } from "../shell/session.ts";
import { Cell, EmptyState, type HeadCell, Notice, NoticeArea, Page, Table } from "../ui/index.ts";

/*
 * A collection's list in «Контент»: search, filters by the type's facets, order, choosing entries
 * for the bulk actions. The state lives in ContentList; the filters, the notice and the table are
 * views of it.
 */

/** A filter's choices: the values entries have, named as the form names them. */
function filterOptions(field: FieldNode | undefined, entries: ListedEntry[], key: string, refs: Record<string, Option[]>): Option[] {
  const values = new Set<string>();
  for (const entry of entries) {
    const value = entry.facets[key];
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined && v !== null && v !== "") values.add(String(v));
  }
  const label = (v: string): string => {
    if (field?.kind === "enum") return field.options.find((o) => o.value === v)?.label ?? v;
    if (field?.kind === "boolean") return v === "true" ? "да" : "нет";
    const target = field?.kind === "reference" || field?.kind === "references" ? field.target : null;
    return (target && refs[target]?.find((o) => o.value === v)?.label) ?? v;
  };
  return [...values].map((v) => ({ value: v, label: label(v) })).sort((a, b) => a.label.localeCompare(b.label, "ru"));
}

export function ContentList() {
  const list = useLoaderData() as EntryList;
  const type = list.type;
  const model = isCollectionName(type) ? formModel(type) : null;
  const filters = isCollectionName(type) ? COLLECTION_CATALOG[type].filters : [];
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [onlyChanged, setOnlyChanged] = useState(false);
  const [order, setOrder] = useState<Order>({ by: "changed", direction: "descending" });
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [done, setDone] = useState<{ message: string; failed: readonly string[] } | null>(null);
  const session = useSession();
  // What the delete panel said as it brought the person here.
  const said = (useLocation().state as { notice?: unknown } | null)?.notice;
  const notice = typeof said === "string" ? said : null;
  const fieldOf = (key: string) => model?.fields.find(([k]) => k === key)?.[1];
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return list.entries.filter((entry) => {
      if (q && !entry.title.toLowerCase().includes(q) && !entry.slug.includes(q)) return false;
      if (onlyChanged && !entry.unpublished && entry.draftAt === null) return false;
      return Object.entries(chosen).every(([key, v]) => {
        if (!v) return true;
        const value = entry.facets[key];
        return Array.isArray(value) ? value.map(String).includes(v) : String(value) === v;
      });
    });
  }, [list.entries, query, chosen, onlyChanged]);
  const sorted = useMemo(() => ordered(shown, order), [shown, order]);
  // Only what is still listed and shown stays chosen (after a move to «Корзина», a filter).
  const chosenEntries = sorted.filter((entry) => picked.has(entry.slug));
  const pick = (slug: string, on: boolean) => setPicked((current) => new Set([...current].filter((s) => s !== slug).concat(on ? [slug] : [])));
  const sortBy = (by: Order["by"]): HeadCell["sort"] => ({
    direction: order.by === by ? order.direction : null,
    onSort: () => setOrder({ by, direction: order.by === by && order.direction === FIRST[by] ? flip(FIRST[by]) : FIRST[by] }),
  });
  return (
    <Page
      title={list.title}
      lead={
        <p className="s-actions">
          {isCollectionName(type) ? <Link to={newEntryHref(type)}>{entryWords(type).add}</Link> : null}
          <Link to={`${pages.trash}?type=${encodeURIComponent(type)}`}>Корзина: {list.trashed ?? 0}</Link>
        </p>
      }
    >
      <ListNotice done={done} notice={notice} />
      <ListFilters
        list={list}
        fieldOf={fieldOf}
        filters={filters}
        query={query}
        onQuery={setQuery}
        chosen={chosen}
        onChosen={setChosen}
        order={order}
        onOrder={setOrder}
        onlyChanged={onlyChanged}
        onOnlyChanged={setOnlyChanged}
      />
      <div className="s-list-bar">
        <p className="s-field__hint" role="status">
          Показано {shown.length} из {list.entries.length}
        </p>
        {sorted.length > 0 ? (
          <div className="s-check">
            <input
              id="pick-all"
              type="checkbox"
              checked={chosenEntries.length === sorted.length}
              onChange={(e) => setPicked(new Set(e.target.checked ? sorted.map((entry) => entry.slug) : []))}
            />
            <label htmlFor="pick-all">Выбрать все показанные</label>
          </div>
        ) : null}
      </div>
      {chosenEntries.length > 0 && isCollectionName(type) ? (
        <BulkActions
          type={type}
          chosen={chosenEntries}
          canPublish={session.can("content:publish")}
          onDone={(message, failed) => {
            setDone({ message, failed });
            setPicked(new Set());
          }}
          onClear={() => setPicked(new Set())}
        />
      ) : null}
      {shown.length === 0 ? (
        <EmptyState title={list.entries.length === 0 ? "Здесь пока пусто" : "Ничего не нашлось"}>
          <p>{list.entries.length === 0 ? "Добавьте первую запись." : "Измените поиск или фильтры."}</p>
        </EmptyState>
      ) : (
        <EntriesTable type={type} entries={sorted} picked={picked} pick={pick} sortBy={sortBy} caption={list.title} />
      )}
      {list.deleted.length > 0 ? (
        <p className="s-field__hint">Удалены, но ещё на сайте до публикации: {list.deleted.join(", ")}.</p>
      ) : null}
    </Page>
  );
}

/** How the list is ordered: by a column, each with the direction a first click gives. */
type Order = { by: "title" | "state" | "changed"; direction: "ascending" | "descending" };
const FIRST: Record<Order["by"], Order["direction"]> = { title: "ascending", state: "ascending", changed: "descending" };
/** The same orders as the columns' headers give, for a phone (where the table is cards without headers). */
const ORDERS = [
  { value: "changed:descending", label: "Сначала изменённые недавно" },
  { value: "changed:ascending", label: "Сначала давно не\u00a0менявшиеся" },
  { value: "title:ascending", label: "По названию, А–Я" },
  { value: "title:descending", label: "По названию, Я–А" },
  { value: "state:ascending", label: "Сначала неопубликованное" },
  { value: "state:descending", label: "Сначала опубликованное" },
];
const flip = (direction: Order["direction"]): Order["direction"] => (direction === "ascending" ? "descending" : "ascending");
/** States in the order work needs them: what waits for publication first, what is settled last. */
const STATE_ORDER = ["draft", "changed", "deleted", "withdrawn", "published"];

function ordered(entries: readonly ListedEntry[], order: Order): ListedEntry[] {
  const key = (entry: ListedEntry): number | string =>
    order.by === "title" ? entry.title : order.by === "state" ? STATE_ORDER.indexOf(entry.life.state) : (entry.changedAt ?? 0);
  const sign = order.direction === "ascending" ? 1 : -1;
  return [...entries].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    const by = typeof x === "string" && typeof y === "string" ? x.localeCompare(y, "ru") : Number(x) - Number(y);
    return by * sign || a.title.localeCompare(b.title, "ru");
  });
}

function EntryState({ entry }: { entry: ListedEntry }) {
  const parts: string[] = [];
  parts.push(lifeLabel(entry.life));
  if (entry.draftAt !== null) parts.push(`ваш несохранённый черновик от ${formatDateTime(entry.draftAt)}`);
  if (entry.openBy.length > 0) parts.push(`открыта: ${entry.openBy.join(", ")}`);
  return <>{parts.join("; ")}</>;
}

function ListNotice({ done, notice }: { done: { message: string; failed: readonly string[] } | null; notice: string | null }) {
  return (
    <NoticeArea>
      {done ? (
        <Notice tone={done.failed.length > 0 ? "error" : "success"}>
          {done.message}
          {done.failed.length > 0 ? (
            <>
              {" "}
              Остались на&nbsp;месте:
              <ul>
                {done.failed.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </>
          ) : null}
        </Notice>
      ) : notice ? (
        <Notice tone="success">{notice}</Notice>
      ) : null}
    </NoticeArea>
  );
}

type FiltersProps = {
  list: EntryList;
  fieldOf(key: string): FieldNode | undefined;
  filters: readonly string[];
  query: string;
  onQuery(query: string): void;
  chosen: Record<string, string>;
  onChosen(chosen: Record<string, string>): void;
  order: Order;
  onOrder(order: Order): void;
  onlyChanged: boolean;
  onOnlyChanged(on: boolean): void;
};

/** Search, a select per facet, the order (for a phone, where the table has no headers) and «only unpublished». */
function ListFilters({ list, fieldOf, filters, query, onQuery, chosen, onChosen, order, onOrder, onlyChanged, onOnlyChanged }: FiltersProps) {
  return (
    <form className="s-form s-form--filters" role="search" aria-label={`Поиск: ${list.title.toLowerCase()}`} onSubmit={(e) => e.preventDefault()}>
      <div className="s-field">
        <label className="s-field__label" htmlFor="list-query">
          Поиск
        </label>
        <input id="list-query" className="s-input" type="search" value={query} onChange={(e) => onQuery(e.target.value)} placeholder="Название или адрес" />
      </div>
      {filters.map((key) => {
        const field = fieldOf(key);
        return (
          <div className="s-field" key={key}>
            <label className="s-field__label" htmlFor={`filter-${key}`}>
              {field?.title ?? key}
            </label>
            <select id={`filter-${key}`} className="s-input s-select" value={chosen[key] ?? ""} onChange={(e) => onChosen({ ...chosen, [key]: e.target.value })}>
              <option value="">Все</option>
              {filterOptions(field, list.entries, key, list.options).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      <div className="s-field">
        <label className="s-field__label" htmlFor="list-order">
          Порядок
        </label>
        <select
          id="list-order"
          className="s-input s-select"
          value={`${order.by}:${order.direction}`}
          onChange={(e) => {
            const [by, direction] = e.target.value.split(":") as [Order["by"], Order["direction"]];
            onOrder({ by, direction });
          }}
        >
          {ORDERS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="s-check">
        <input id="only-changed" type="checkbox" checked={onlyChanged} onChange={(e) => onOnlyChanged(e.target.checked)} />
        <label htmlFor="only-changed">Изменено, не опубликовано</label>
      </div>
    </form>
  );
}

type TableProps = {
  type: string;
  entries: ListedEntry[];
  picked: ReadonlySet<string>;
  pick(slug: string, on: boolean): void;
  sortBy(by: Order["by"]): HeadCell["sort"];
  caption: string;
};

function EntriesTable({ type, entries, picked, pick, sortBy, caption }: TableProps) {
  return (
    <Table
      caption={caption}
      hideCaption
      cards
      head={[
        { label: "Выбрать", hidden: true },
        { label: "Название", sort: sortBy("title") },
        { label: "Состояние", sort: sortBy("state") },
        { label: "Изменено", sort: sortBy("changed") },
      ]}
    >
      {entries.map((entry) => (
        <tr key={entry.slug}>
          <Cell label="Выбрать" plain className="s-table__check">
            <input type="checkbox" checked={picked.has(entry.slug)} onChange={(e) => pick(entry.slug, e.target.checked)} aria-label={`Выбрать: ${entry.title}`} />
          </Cell>
          <Cell label="Название" plain>
            <Link to={contentHref(type, entry.slug)}>{entry.title}</Link>
            <span className="s-list__slug">{entry.slug}</span>
          </Cell>
          <Cell label="Состояние">
            <EntryState entry={entry} />
          </Cell>
          <Cell label="Изменено">
            {entry.changedAt !== null ? (
              <>
                {formatDateTime(entry.changedAt)}
                {entry.changedBy ? <span className="s-list__slug">{entry.changedBy}</span> : null}
              </>
            ) : (
              "—"
            )}
          </Cell>
        </tr>
      ))}
    </Table>
  );
}
