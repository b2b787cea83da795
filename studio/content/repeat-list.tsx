import { type ReactNode, useContext, useEffect, useId, useRef, useState } from "react";
import { Button } from "../ui/index.ts";
import { FormState } from "./form-state.ts";
import { GroupError } from "./group-error.tsx";
import { limitHint } from "./limit-hint.ts";
import { type BlocksNode, emptyBlock, emptyValues, type FieldNode, kindOf, type ObjectNode, pathKey } from "./model.ts";
import "./repeat-list.css";

/**
 * Repeatable groups (a service's stages, the team, a topic's questions):
 * one line each, its title; one opened at a time with «Открыть»;
 * reordered by dragging its handle or with «Выше» and «Ниже», the new place
 * announced to a screen reader and focus kept on the button pressed. A
 * refused save opens the first item with an error.
 */
type Props = {
  /** A list of one kind of group, or of blocks of several kinds (a landing's: added from a palette). */
  node: Extract<FieldNode, { kind: "list" }> | BlocksNode;
  path: Array<string | number>;
  items: unknown[];
  /** The item's own fields, as the ordinary form draws them. */
  renderItem(index: number, title: string): ReactNode;
  /** An item to open, when the screen around the list adds or finds one (a pin brought from «Поиск по сайту»). */
  opened?: number | null;
};

/** Fields whose text names an item best, in order of preference. */
const NAMING = ["title", "name", "question", "city", "label", "from", "pattern", "author"];

/** An item's title in one line: its naming field, else its first text. */
export function itemTitle(item: ObjectNode, value: unknown): string {
  if (typeof value !== "object" || value === null) return "";
  const record = value as Record<string, unknown>;
  const texts = item.fields.filter(([, child]) => child.kind === "text" || child.kind === "reference").map(([key]) => key);
  const key = NAMING.find((k) => texts.includes(k) && typeof record[k] === "string" && record[k] !== "") ?? texts.find((k) => typeof record[k] === "string" && record[k] !== "");
  const text = key ? String(record[key]) : "";
  return text.length > 90 ? `${text.slice(0, 88)}…` : text;
}

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export function RepeatList({ node, path, items, renderItem, opened = null }: Props) {
  const { errors, change } = useContext(FormState);
  const id = useId();
  const list = useRef<HTMLOListElement>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [said, setSaid] = useState("");
  const [dragged, setDragged] = useState<number | null>(null);
  const focusNext = useRef<{ index: number; act: string } | null>(null);
  const key = pathKey(path);
  const error = errors[key];
  const word = node.kind === "blocks" ? "Блок" : node.item.title === "Пункт" || node.item.title === node.title ? "Пункт" : node.item.title;
  const hint = [node.description, limitHint(node)].filter(Boolean).join(". ");
  const prefix = `${key}.`;
  const withErrors = [...new Set(Object.keys(errors).filter((k) => k.startsWith(prefix)).map((k) => Number(k.slice(prefix.length).split(".")[0])))].sort((a, b) => a - b);
  // A refused save (other items with errors than before): the first of them opens, unless the open one has one.
  const errorSet = withErrors.join(",");
  const [seen, setSeen] = useState(errorSet);
  const [seenOpened, setSeenOpened] = useState<number | null>(null);
  if (opened !== seenOpened) {
    setSeenOpened(opened);
    if (opened !== null) setOpen(opened);
  }
  if (seen !== errorSet) {
    setSeen(errorSet);
    const first = withErrors[0];
    if (first !== undefined && (open === null || !withErrors.includes(open))) setOpen(first);
  }
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const row = list.current?.querySelector(`[data-index="${target.index}"]`);
    const button = row?.querySelector<HTMLButtonElement>(`[data-act="${target.act}"]:not(:disabled)`) ?? row?.querySelector<HTMLButtonElement>('[data-act="open"]');
    button?.focus();
  });
  const title = (index: number) => {
    if (node.kind === "list") return itemTitle(node.item, items[index]) || `${word} ${index + 1}`;
    // A block by its kind, then its own words: «Первый экран: Аудит рекламы за 5 дней».
    const kind = kindOf(node, items[index]);
    const own = kind ? itemTitle(kind.item, items[index]) : "";
    return [kind?.item.title ?? `${word} ${index + 1}`, own].filter(Boolean).join(": ");
  };
  const add = (value: unknown) => {
    change(path, [...items, value]);
    setOpen(items.length);
  };
  const reorder = (from: number, to: number, act?: string) => {
    if (to < 0 || to >= items.length || from === to) return;
    const name = title(from);
    change(path, move(items, from, to));
    if (open !== null) setOpen(open === from ? to : open > from && open <= to ? open - 1 : open < from && open >= to ? open + 1 : open);
    setSaid(`«${name}»: место ${to + 1} из ${items.length}`);
    if (act) focusNext.current = { index: to, act };
  };
  const remove = (index: number) => {
    setSaid(`Удалено: «${title(index)}»`);
    change(
      path,
      items.filter((_, i) => i !== index),
    );
    setOpen(null);
  };

  return (
    <fieldset className="s-group s-list" aria-describedby={error ? `${id}-e` : undefined}>
      <legend className="s-group__legend">{node.title}</legend>
      {hint ? <p className="s-field__hint">{hint}</p> : null}
      {error ? <GroupError id={`${id}-e`} text={error} /> : null}
      <p className="s-visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
      {items.length === 0 ? <p className="s-field__hint">Пока пусто.</p> : null}
      <ol className="s-repeat" ref={list}>
        {items.map((_, index) => (
          <RepeatRow
            key={index}
            index={index}
            count={items.length}
            name={title(index)}
            open={open === index}
            error={withErrors.includes(index)}
            dragged={dragged === index}
            bodyId={`${id}-${index}`}
            onToggle={() => setOpen(open === index ? null : index)}
            onMove={(to, act) => reorder(index, to, act)}
            onRemove={() => remove(index)}
            onDrag={(on) => setDragged(on ? index : null)}
            onDrop={() => {
              if (dragged !== null) reorder(dragged, index);
              setDragged(null);
            }}
            dragging={dragged !== null}
          >
            {open === index ? renderItem(index, `${word} ${index + 1}`) : null}
          </RepeatRow>
        ))}
      </ol>
      {node.maxItems !== undefined && items.length >= node.maxItems ? null : node.kind === "blocks" ? (
        <BlockPalette node={node} onAdd={(kind) => add(emptyBlock(kind))} />
      ) : (
        <Button onClick={() => add(emptyValues(node.item))}>Добавить в&nbsp;«{node.title}»</Button>
      )}
    </fieldset>
  );
}

/** The kinds of block a list offers, picked by name, then added at its end and opened. */
function BlockPalette({ node, onAdd }: { node: BlocksNode; onAdd(kind: BlocksNode["kinds"][number]): void }) {
  const id = useId();
  // The first screen opens a page; the next one added is most often a text or a form.
  const offered = node.kinds.filter((kind) => kind.kind !== "hero");
  const [chosen, setChosen] = useState(offered[0]?.kind ?? "");
  const kind = node.kinds.find((k) => k.kind === chosen);
  return (
    <div className="s-block-palette">
      <label htmlFor={id}>Какой блок добавить</label>
      <select id={id} className="s-input s-select" value={chosen} onChange={(event) => setChosen(event.target.value)}>
        {offered.map((k) => (
          <option key={k.kind} value={k.kind}>
            {k.item.title}
          </option>
        ))}
      </select>
      <Button onClick={() => kind && onAdd(kind)}>Добавить блок</Button>
    </div>
  );
}

type RowProps = {
  index: number;
  count: number;
  name: string;
  open: boolean;
  error: boolean;
  dragged: boolean;
  dragging: boolean;
  bodyId: string;
  children: ReactNode;
  onToggle(): void;
  onMove(to: number, act: string): void;
  onRemove(): void;
  onDrag(on: boolean): void;
  onDrop(): void;
};

/** One item: its line (handle, title, actions) and, opened, its fields. */
function RepeatRow({ index, count, name, open, error, dragged, dragging, bodyId, children, onToggle, onMove, onRemove, onDrag, onDrop }: RowProps) {
  return (
    <li
      data-index={index}
      className={["s-repeat__item", open ? "s-repeat__item--open" : "", error ? "s-repeat__item--error" : "", dragged ? "s-repeat__item--dragged" : ""].filter(Boolean).join(" ")}
      onDragOver={(event) => {
        if (dragging) event.preventDefault();
      }}
      onDrop={(event) => {
        event.preventDefault();
        onDrop();
      }}
    >
      <div className="s-repeat__line">
        {/* Dragging is for a mouse; the same move by keyboard is «Выше» and «Ниже». */}
        <span
          className="s-repeat__handle"
          draggable
          aria-hidden="true"
          title="Перетащите, чтобы переставить"
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = "move";
            event.dataTransfer.setData("text/plain", name);
            onDrag(true);
          }}
          onDragEnd={() => onDrag(false)}
        >
          ⠿
        </span>
        <span className="s-repeat__title">
          <span className="s-repeat__number">{index + 1}.</span> {name}
          {error ? <span className="s-repeat__flag"> — есть ошибки</span> : null}
        </span>
        <span className="s-repeat__actions">
          <Button variant="quiet" data-act="open" aria-expanded={open} aria-controls={open ? bodyId : undefined} aria-label={`${open ? "Свернуть" : "Открыть"}: ${name}`} onClick={onToggle}>
            {open ? "Свернуть" : "Открыть"}
          </Button>
          <Button variant="quiet" data-act="up" disabled={index === 0} aria-label={`Выше: ${name}`} onClick={() => onMove(index - 1, "up")}>
            Выше
          </Button>
          <Button variant="quiet" data-act="down" disabled={index === count - 1} aria-label={`Ниже: ${name}`} onClick={() => onMove(index + 1, "down")}>
            Ниже
          </Button>
          <Button variant="quiet" aria-label={`Удалить: ${name}`} onClick={onRemove}>
            Удалить
          </Button>
        </span>
      </div>
      {open ? (
        <div className="s-repeat__body" id={bodyId}>
          {children}
        </div>
      ) : null}
    </li>
  );
}
