import { type ReactNode, useContext, useId, useState } from "react";
import { Button } from "../ui/index.ts";
import { FormState } from "./form-state.ts";
import { GroupError } from "./group-error.tsx";
import { limitHint } from "./limit-hint.ts";
import { emptyValues, type FieldNode, pathKey } from "./model.ts";

/**
 * A list too long for one form (the redirect table's hundreds of rows): one
 * line per row, found by a search, a page at a time; one row opened to edit,
 * added or deleted at once. A row with an error is shown and opened by
 * itself, so a refused save always points at what to fix.
 */
export const LONG_LIST = 30;
const PAGE = 25;

type Props = {
  node: Extract<FieldNode, { kind: "list" }>;
  path: Array<string | number>;
  items: unknown[];
  /** The row's own fields, as the ordinary form draws them. */
  renderItem(index: number): ReactNode;
};

/** A row in one line: its texts joined by arrows ("/old/ → /new/"). */
function summary(item: unknown): string {
  if (typeof item !== "object" || item === null) return String(item ?? "");
  const texts = Object.values(item).filter((v): v is string | number => (typeof v === "string" && v !== "") || typeof v === "number");
  return texts.map(String).join(" → ") || "(пустая строка)";
}

const matches = (item: unknown, q: string) => summary(item).toLowerCase().includes(q);

export function LongList({ node, path, items, renderItem }: Props) {
  const { errors, change } = useContext(FormState);
  const id = useId();
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const [removed, setRemoved] = useState<{ item: unknown; index: number } | null>(null);
  const prefix = `${pathKey(path)}.`;
  const withErrors = [...new Set(Object.keys(errors).filter((k) => k.startsWith(prefix)).map((k) => Number(k.slice(prefix.length).split(".")[0])))].sort((a, b) => a - b);
  const firstError = withErrors[0];
  // A refused save (new errors): the first row with an error comes into view, opened.
  const [seenErrors, setSeenErrors] = useState(errors);
  if (seenErrors !== errors) {
    setSeenErrors(errors);
    if (firstError !== undefined) {
      setQuery("");
      setPage(Math.floor(firstError / PAGE));
      setOpen(firstError);
    }
  }
  const q = query.trim().toLowerCase();
  const found = items.map((item, index) => ({ item, index })).filter(({ item, index }) => !q || matches(item, q) || index === open);
  const pages = Math.max(1, Math.ceil(found.length / PAGE));
  const current = Math.min(page, pages - 1);
  const shown = found.slice(current * PAGE, current * PAGE + PAGE);
  const itemTitle = node.item.title === "Пункт" || node.item.title === node.title ? "Строка" : node.item.title;
  const hint = [node.description, limitHint(node)].filter(Boolean).join(". ");

  const add = () => {
    change(path, [emptyValues(node.item), ...items]);
    setQuery("");
    setPage(0);
    setOpen(0);
  };
  const remove = (index: number) => {
    setRemoved({ item: items[index], index });
    setOpen(null);
    change(
      path,
      items.filter((_, i) => i !== index),
    );
  };

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
          <Button
            variant="quiet"
            onClick={() => {
              change(path, [...items.slice(0, removed.index), removed.item, ...items.slice(removed.index)]);
              setRemoved(null);
            }}
          >
            Вернуть
          </Button>
        </p>
      ) : null}
      <ol className="s-long-list__rows">
        {shown.map(({ item, index }) => (
          <li key={index} className={withErrors.includes(index) ? "s-long-list__row s-long-list__row--error" : "s-long-list__row"}>
            {open === index ? (
              <div className="s-long-list__edit">
                {renderItem(index)}
                <div className="s-actions">
                  <Button onClick={() => setOpen(null)}>Готово</Button>
                  <Button variant="quiet" onClick={() => remove(index)}>
                    Удалить строку
                  </Button>
                </div>
              </div>
            ) : (
              <>
                <span className="s-long-list__summary">
                  <span className="s-visually-hidden">
                    {itemTitle} {index + 1}:{" "}
                  </span>
                  {summary(item)}
                </span>
                <span className="s-long-list__actions">
                  <Button variant="quiet" onClick={() => setOpen(index)} aria-label={`Изменить: ${summary(item)}`}>
                    Изменить
                  </Button>
                  <Button variant="quiet" onClick={() => remove(index)} aria-label={`Удалить: ${summary(item)}`}>
                    Удалить
                  </Button>
                </span>
              </>
            )}
          </li>
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
