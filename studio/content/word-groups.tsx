import { useContext, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Button, Cell, Table } from "../ui/index.ts";
import { FormState } from "./form-state.ts";
import { GroupError } from "./group-error.tsx";
import { limitHint } from "./limit-hint.ts";
import { type FieldNode, pathKey } from "./model.ts";
import "./word-groups.css";

/**
 * Groups of words that mean the same (the search's synonyms and glossary) as
 * a table: a row a group, its words as chips, the hint said once above it.
 * Found by a search and shown 15 rows a page (the glossary has hundreds); a
 * refused save brings the first row with an error into view.
 */
const PAGE = 15;

type Props = { node: Extract<FieldNode, { kind: "strings" }>; path: Array<string | number>; items: unknown[] };

const wordsOf = (item: unknown): string[] => (Array.isArray(item) ? item.map(String) : []);

export function WordGroups({ node, path, items }: Props) {
  const { errors, change } = useContext(FormState);
  const id = useId();
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(0);
  const key = pathKey(path);
  const prefix = `${key}.`;
  const withErrors = [...new Set(Object.keys(errors).filter((k) => k.startsWith(prefix)).map((k) => Number(k.slice(prefix.length).split(".")[0])))].sort((a, b) => a - b);
  const [seen, setSeen] = useState(errors);
  if (seen !== errors) {
    setSeen(errors);
    const first = withErrors[0];
    if (first !== undefined) {
      setQuery("");
      setPage(Math.floor(first / PAGE));
    }
  }
  const q = query.trim().toLocaleLowerCase("ru");
  const found = items.map((item, index) => ({ words: wordsOf(item), index })).filter(({ words }) => !q || words.some((w) => w.toLocaleLowerCase("ru").includes(q)));
  const pages = Math.max(1, Math.ceil(found.length / PAGE));
  const current = Math.min(page, pages - 1);
  const shown = found.slice(current * PAGE, current * PAGE + PAGE);
  // «Поиск по сайту» sends a query that found nothing here (`?add=`): a new group starts with it, or
  // the group that already holds it is shown, for the editor to add the words the pages use.
  const [params] = useSearchParams();
  const added = useRef(false);
  useEffect(() => {
    const word = (params.get("add") ?? "").trim().slice(0, 100);
    if (added.current || !word) return;
    added.current = true;
    const lower = word.toLocaleLowerCase("ru");
    const holds = items.some((item) => wordsOf(item).some((w) => w.toLocaleLowerCase("ru") === lower));
    if (!holds && (node.maxItems === undefined || items.length < node.maxItems)) change(path, [[word], ...items]);
    setQuery(word);
    setPage(0);
  }, [params, items, node.maxItems, change, path]);
  const group = node.item.title;
  const hint = [node.description, node.item.description, "Слово добавляет Enter или запятая", limitHint(node)].filter(Boolean).join(". ");

  return (
    <fieldset className="s-group s-words" aria-describedby={errors[key] ? `${id}-e` : undefined}>
      <legend className="s-group__legend">{node.title}</legend>
      <p className="s-field__hint">{hint}</p>
      {errors[key] ? <GroupError id={`${id}-e`} text={errors[key]} /> : null}
      {withErrors.length > 0 ? <p className="s-field__error">Ошибки в группах: {withErrors.map((i) => i + 1).join(", ")}</p> : null}
      <div className="s-words__tools">
        <div className="s-field">
          <label className="s-field__label" htmlFor={`${id}-q`}>
            Найти слово
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
        {node.maxItems === undefined || items.length < node.maxItems ? (
          <Button
            onClick={() => {
              change(path, [[], ...items]);
              setQuery("");
              setPage(0);
            }}
          >
            Добавить группу
          </Button>
        ) : null}
      </div>
      <p className="s-field__hint" role="status">
        {q ? `Найдено ${found.length} из ${items.length}` : `Всего ${items.length}`}
        {pages > 1 ? `, страница ${current + 1} из ${pages}` : ""}
      </p>
      <Table caption={node.title} hideCaption head={["№", "Слова", { label: "Действия", hidden: true }]} cards>
        {shown.map(({ words, index }) => (
          <tr key={index} className={withErrors.includes(index) ? "s-words__row--error" : undefined}>
            <Cell label="№">{index + 1}</Cell>
            <Cell label="Слова">
              <Chips label={`${group} ${index + 1}`} words={words} path={[...path, index]} maxLength={node.item.kind === "tags" ? node.item.itemMaxLength : undefined} />
            </Cell>
            <Cell label="Действия">
              <Button variant="quiet" aria-label={`Удалить группу ${index + 1}`} onClick={() => change(path, items.filter((_, i) => i !== index))}>
                Удалить
              </Button>
            </Cell>
          </tr>
        ))}
      </Table>
      {pages > 1 ? (
        <nav className="s-actions" aria-label={`Страницы таблицы «${node.title}»`}>
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

/** One group's words as chips and a box to type the next one in. */
function Chips({ label, words, path, maxLength }: { label: string; words: string[]; path: Array<string | number>; maxLength: number | undefined }) {
  const { errors, change } = useContext(FormState);
  const id = useId();
  const [text, setText] = useState("");
  const [refused, setRefused] = useState<string | null>(null);
  const error = refused ?? errors[pathKey(path)] ?? words.map((_, i) => errors[pathKey([...path, i])]).find(Boolean) ?? null;
  const add = (typed: string) => {
    const fresh = typed.split(",").map((w) => w.trim()).filter(Boolean);
    const long = fresh.find((w) => maxLength !== undefined && w.length > maxLength);
    const twice = fresh.find((w) => words.some((x) => x.toLocaleLowerCase("ru") === w.toLocaleLowerCase("ru")));
    const problem = long ? `Слово «${long.slice(0, 20)}…» длиннее ${maxLength} знаков` : twice ? `«${twice}» уже есть в\u00a0группе` : null;
    setRefused(problem);
    if (problem) return;
    setText("");
    if (fresh.length > 0) change(path, [...words, ...fresh]);
  };
  return (
    <div className="s-words__chips">
      {words.length > 0 ? (
        <ul className="s-tags__list" aria-label={label}>
          {words.map((word, i) => (
            <li key={`${i}-${word}`} className="s-tag">
              {word}
              <button type="button" className="s-tag__remove" aria-label={`Убрать «${word}» из группы`} onClick={() => change(path, words.filter((_, j) => j !== i))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label className="s-visually-hidden" htmlFor={id}>
        {`Новое слово: ${label}`}
      </label>
      <input
        id={id}
        className="s-input s-words__input"
        type="text"
        autoComplete="off"
        placeholder="слово…"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : undefined}
        onChange={(e) => {
          const next = e.target.value;
          if (next.includes(",")) add(next);
          else {
            setText(next);
            setRefused(null);
          }
        }}
        onBlur={() => text.trim() && add(text)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            add(text);
          } else if (e.key === "Backspace" && text === "" && words.length > 0) change(path, words.slice(0, -1));
        }}
      />
      {error ? (
        <p className="s-field__error" id={`${id}-e`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
