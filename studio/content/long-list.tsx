import type { ReactNode } from "react";
import { Button } from "../ui/index.ts";
import { GroupError } from "./group-error.tsx";
import { LongListRow } from "./long-list-row.tsx";
import { pathKey } from "./model.ts";
import { type LongListNode, summary, useLongList } from "./use-long-list.ts";

/**
 * A list too long for one form (the redirect table's hundreds of rows): one
 * line per row, found by a search, a page at a time; one row opened to edit,
 * added or deleted at once. A row with an error is shown and opened by
 * itself, so a refused save always points at what to fix.
 */
export const LONG_LIST = 30;

type Props = {
  node: LongListNode;
  path: Array<string | number>;
  items: unknown[];
  /** The row's own fields, as the ordinary form draws them. */
  renderItem(index: number): ReactNode;
};

export function LongList({ node, path, items, renderItem }: Props) {
  const { errors, id, query, setQuery, setPage, open, setOpen, removed, withErrors, q, found, pages, current, shown, itemTitle, hint, add, remove, restore } = useLongList(node, path, items);

  return (
    <fieldset className="s-group s-long-list" aria-describedby={errors[pathKey(path)] ? `${id}-e` : undefined}>
      <legend className="s-group__legend">{node.title}</legend>
      {hint ? <p className="s-field__hint">{hint}</p> : null}
      {/* The list's own error: more rows than the table may hold. */}
      {errors[pathKey(path)] ? <GroupError id={`${id}-e`} text={errors[pathKey(path)] as string} /> : null}
      {withErrors.length > 0 ? (
        <p className="s-field__error">
          Ошибки в строках: {withErrors.map((i) => i + 1).join(", ")}
        </p>
      ) : null}
      <div className="s-long-list__tools">
        <div className="s-field">
          <label className="s-field__label" htmlFor={`${id}-q`}>
            Найти в списке «{node.title}»
          </label>
          <input
            id={`${id}-q`}
            className="s-input"
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(0);
            }}
          />
        </div>
        <Button onClick={add}>Добавить строку</Button>
      </div>
      <p className="s-field__hint" role="status">
        {q ? `Найдено ${found.length} из ${items.length}` : `Всего ${items.length}`}
        {pages > 1 ? `, страница ${current + 1} из ${pages}` : ""}
      </p>
      {removed ? (
        <p className="s-notice s-notice--info">
          Строка «{summary(removed.item)}» удалена (сохранится вместе с формой).{" "}
          <Button variant="quiet" onClick={() => restore(removed)}>
            Вернуть
          </Button>
        </p>
      ) : null}
      <ol className="s-long-list__rows">
        {shown.map(({ item, index }) => (
          <LongListRow
            key={index}
            item={item}
            index={index}
            opened={open === index}
            error={withErrors.includes(index)}
            itemTitle={itemTitle}
            renderItem={renderItem}
            onOpen={() => setOpen(index)}
            onDone={() => setOpen(null)}
            onRemove={() => remove(index)}
          />
        ))}
      </ol>
      {pages > 1 ? (
        <nav className="s-actions" aria-label={`Страницы списка «${node.title}»`}>
          <Button disabled={current === 0} onClick={() => setPage(current - 1)}>
            Назад
          </Button>
          <Button disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            Вперёд
          </Button>
        </nav>
      ) : null}
    </fieldset>
  );
}
