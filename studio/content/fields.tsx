import { useContext, useId, useState } from "react";
import { Button, Field } from "../ui/index.ts";
import type { ControlProps } from "../ui/field.tsx";
import { FormState } from "./form-state.ts";
import { type BlocksNode, type FieldNode, kindOf, type ObjectNode, pathKey, shownFields } from "./model.ts";
import { GroupError } from "./group-error.tsx";
import { ImageField } from "./image-field.tsx";
import { limitHint } from "./limit-hint.ts";
import { LONG_LIST, LongList } from "./long-list.tsx";
import { LongTextField } from "./long-text-field.tsx";
import { RepeatList } from "./repeat-list.tsx";
import { WordGroups } from "./word-groups.tsx";
import { SearchPins } from "./search-pins.tsx";
import { IconField, siblingsOf, TagsField, TimeZoneField, zoneLabel } from "./pickers.tsx";
import { DerivedCode } from "./derived-code.tsx";
import { MonthField, PhoneField } from "./masked-fields.tsx";
import { dateFromRussian, dateToRussian, momentFromRussian, momentToRussian } from "./time.ts";

/**
 * The controls of a generated form, one per kind of field: each has its
 * label, hint and error tied to it (studio/ui Field), groups are fieldsets
 * with a legend, lists of groups can be added to, removed from and reordered.
 */

type Props = { node: FieldNode; path: Array<string | number>; value: unknown };

const hintOf = (node: FieldNode, extra?: string) => [node.description, extra].filter(Boolean).join(". ") || undefined;
const str = (value: unknown) => (typeof value === "string" ? value : value === undefined || value === null ? "" : String(value));

export function FormField({ node, path, value }: Props) {
  const { errors, options, change, readOnly, values } = useContext(FormState);
  const key = pathKey(path);
  const error = errors[key] ?? null;
  const label = node.required ? node.title : `${node.title} (необязательно)`;
  const set = (next: unknown) => change(path, next);
  const locked = readOnly?.has(key) ?? false;
  // A moment of a form with a time zone (an event's) is typed in that zone's time.
  const zone = node.kind === "datetime" ? zoneOf(values, path) : undefined;
  if (node.kind === "text" && node.widget === "icon") return <IconField node={node} path={path} value={value} />;
  if (node.kind === "text" && node.widget === "time-zone") return <TimeZoneField node={node} path={path} value={value} />;
  if (node.kind === "text" && node.widget === "image") return <ImageField node={node} path={path} value={value} />;
  if (node.kind === "text" && node.widget === "month") return <MonthField node={node} path={path} value={value} />;
  if (node.kind === "text" && node.widget === "phone") return <PhoneField node={node} path={path} value={value} />;
  if (node.kind === "text" && node.derivedFrom && !locked) return <DerivedCode node={node} path={path} value={value} />;
  switch (node.kind) {
    case "object":
      return <Group node={node} path={path} value={value} />;
    case "list":
      return <ListField node={node} path={path} value={value} />;
    case "blocks":
      return <BlocksField node={node} path={path} value={value} />;
    case "strings":
      return <StringsField node={node} path={path} value={value} />;
    case "markdown":
      return (
        // Its editors (visual and CodeMirror) load with the first form that has a long text, not with the studio.
        <LongTextField label={label} hint={hintOf(node, limitHint(node))} error={error} value={str(value)} onChange={set} {...(node.nestedUnder ? { nestedUnder: node.nestedUnder } : {})} />
      );
    case "boolean":
      return (
        <div className="s-check">
          <input type="checkbox" id={`f-${key}`} checked={value === true} onChange={(e) => set(e.target.checked)} aria-describedby={error ? `e-${key}` : undefined} />
          <label htmlFor={`f-${key}`}>{node.title}</label>
          {node.description ? <p className="s-field__hint">{node.description}</p> : null}
          {error ? (
            <p className="s-field__error" id={`e-${key}`}>
              {error}
            </p>
          ) : null}
        </div>
      );
    case "references":
    case "tags":
      return node.kind === "references" ? <ReferencesField node={node} path={path} value={value} /> : <TagsField node={node} path={path} value={value} />;
    default:
      return (
        <Field label={label} name={key} hint={hintOf(node, node.kind === "datetime" ? momentHint(zone) : node.kind === "date" ? "Например 25.11.2026" : limitHint(node))} error={error}>
          {(control) => {
            if (node.kind === "enum") {
              return (
                <select className="s-input s-select" {...control} value={str(value)} onChange={(e) => set(node.numeric ? Number(e.target.value) : e.target.value)} disabled={locked}>
                  {!node.required || value === undefined ? <option value="">— не выбрано —</option> : null}
                  {node.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              );
            }
            if (node.kind === "reference") {
              const list = options[node.target] ?? [];
              return (
                <select className="s-input s-select" {...control} value={str(value)} onChange={(e) => set(e.target.value === "" ? undefined : e.target.value)}>
                  <option value="">— не выбрано —</option>
                  {list.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                  {value && !list.some((o) => o.value === value) ? <option value={str(value)}>{str(value)} (нет такой записи)</option> : null}
                </select>
              );
            }
            if (node.kind === "number") {
              return (
                <input
                  className="s-input s-input--short"
                  type="number"
                  inputMode={node.integer ? "numeric" : "decimal"}
                  step={node.integer ? 1 : "any"}
                  {...control}
                  value={typeof value === "number" ? String(value) : str(value)}
                  onChange={(e) => set(e.target.value === "" ? undefined : Number(e.target.value))}
                />
              );
            }
            if (node.kind === "date" || node.kind === "datetime") {
              const moment = node.kind === "datetime";
              return (
                <DateInput
                  control={control}
                  value={str(value)}
                  show={moment ? momentToRussian : dateToRussian}
                  read={moment ? (text) => momentFromRussian(text, str(value), zone) : dateFromRussian}
                  placeholder={moment ? "ДД.ММ.ГГГГ ЧЧ:ММ" : "ДД.ММ.ГГГГ"}
                  onChange={(next) => set(next === "" ? undefined : next)}
                />
              );
            }
            if (node.kind === "text" && node.long) return <textarea className="s-input s-textarea" rows={3} {...control} value={str(value)} onChange={(e) => set(e.target.value)} />;
            return <input className="s-input" type="text" {...control} value={str(value)} readOnly={locked} onChange={(e) => set(e.target.value)} />;
          }}
        </Field>
      );
  }
}

/** The time zone field beside a moment (`timeZone` of the same group), if the form has one. */
function zoneOf(values: unknown, path: Array<string | number>): string | undefined {
  const zone = siblingsOf(values, path).timeZone;
  return typeof zone === "string" && zone !== "" ? zone : undefined;
}

const momentHint = (zone: string | undefined) => `Например 03.12.2026 19:00, ${zone ? `по времени часового пояса события: ${zoneLabel(zone)}` : "время московское"}`;

/** A date typed the Russian way; the value is ISO once it reads as a date. */
function DateInput(props: { control: ControlProps; value: string; show(value: string): string; read(text: string): string; placeholder: string; onChange(value: string): void }) {
  const { control, value, show, read, placeholder, onChange } = props;
  const [text, setText] = useState(show(value));
  // A value set from outside (a draft, their version) replaces what is shown.
  if (read(text) !== value && show(value) !== text && value !== text.trim()) setText(show(value));
  return (
    <input
      className="s-input s-input--short"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      {...control}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(read(e.target.value));
      }}
    />
  );
}

/** A nested object: a fieldset of its fields. */
function Group({ node, path, value }: { node: ObjectNode; path: Array<string | number>; value: unknown }) {
  const object = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const { errors } = useContext(FormState);
  const error = errors[pathKey(path)];
  const id = useId();
  return (
    <fieldset className="s-group" aria-describedby={error ? `${id}-e` : undefined}>
      <legend className="s-group__legend">{node.required ? node.title : `${node.title} (необязательно)`}</legend>
      {node.description ? <p className="s-field__hint">{node.description}</p> : null}
      {error ? <GroupError id={`${id}-e`} text={error} /> : null}
      <div className="s-group__fields">
        {shownFields(node, value).map(([key, child]) => (
          <FormField key={key} node={child} path={[...path, key]} value={object[key]} />
        ))}
      </div>
    </fieldset>
  );
}

/** A group's own error (a list too short): focusable, so «focus to the first error» reaches it. */
function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** Repeatable groups: a long table (the redirects) a page at a time, a short list one line per item (repeat-list.tsx). */
function ListField({ node, path, value }: { node: Extract<FieldNode, { kind: "list" }>; path: Array<string | number>; value: unknown }) {
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  if (items.length > LONG_LIST) {
    return (
      <LongList
        node={node}
        path={path}
        items={items}
        renderItem={(index) => <FormField node={{ ...node.item, title: `Строка ${index + 1}`, required: true }} path={[...path, index]} value={items[index]} />}
      />
    );
  }
  const renderItem = (index: number, title: string) => <FormField node={{ ...node.item, title, required: true }} path={[...path, index]} value={items[index]} />;
  if (node.widget === "search-pins") return <SearchPins node={node} path={path} items={items} renderItem={renderItem} />;
  return <RepeatList node={node} path={path} items={items} renderItem={renderItem} />;
}

/** Blocks of several kinds (a landing's): one line each, its kind and title; each opened shows its kind's fields. */
function BlocksField({ node, path, value }: { node: BlocksNode; path: Array<string | number>; value: unknown }) {
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const renderItem = (index: number) => {
    const kind = kindOf(node, items[index]);
    if (!kind) return <p className="s-field__hint">Блок неизвестного вида: удалите его или восстановите прежнюю версию.</p>;
    return <FormField node={{ ...kind.item, title: `${index + 1}. ${kind.item.title}`, required: true }} path={[...path, index]} value={items[index]} />;
  };
  return <RepeatList node={node} path={path} items={items} renderItem={renderItem} />;
}

/** A list of texts: one field each, with the same actions. */
function StringsField({ node, path, value }: { node: Extract<FieldNode, { kind: "strings" }>; path: Array<string | number>; value: unknown }) {
  const { errors, change } = useContext(FormState);
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const error = errors[pathKey(path)];
  const id = useId();
  const hint = hintOf(node, limitHint(node));
  // A list of lists of words (the search's synonyms): a table, a row a group.
  if (node.item.kind === "tags") return <WordGroups node={node} path={path} items={items} />;
  return (
    <fieldset className="s-group s-list" aria-describedby={error ? `${id}-e` : undefined}>
      <legend className="s-group__legend">{node.required || node.minItems > 0 ? node.title : `${node.title} (необязательно)`}</legend>
      {hint ? <p className="s-field__hint">{hint}</p> : null}
      {error ? <GroupError id={`${id}-e`} text={error} /> : null}
      <ol className="s-list__items">
        {items.map((item, index) => (
          <li key={index} className="s-list__item s-list__item--inline">
            <FormField node={{ ...node.item, title: `${node.item.title} ${index + 1}`, required: true }} path={[...path, index]} value={item} />
            <div className="s-list__actions">
              <Button variant="quiet" disabled={index === 0} onClick={() => change(path, move(items, index, index - 1))} aria-label={`${node.item.title} ${index + 1}: поднять выше`}>
                Выше
              </Button>
              <Button variant="quiet" onClick={() => change(path, items.filter((_, i) => i !== index))} aria-label={`${node.item.title} ${index + 1}: удалить`}>
                Удалить
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {node.maxItems === undefined || items.length < node.maxItems ? (
        <Button onClick={() => change(path, [...items, ""])}>Добавить в&nbsp;«{node.title}»</Button>
      ) : null}
    </fieldset>
  );
}

/** References to several entries: a checkbox per existing entry. */
function ReferencesField({ node, path, value }: { node: Extract<FieldNode, { kind: "references" }>; path: Array<string | number>; value: unknown }) {
  const { errors, options, change } = useContext(FormState);
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  const list = options[node.target] ?? [];
  const missing = chosen.filter((slug) => !list.some((o) => o.value === slug));
  const error = errors[pathKey(path)] ?? chosen.map((_, i) => errors[pathKey([...path, i])]).find(Boolean);
  const id = useId();
  const toggle = (slug: string, on: boolean) => change(path, on ? [...chosen, slug] : chosen.filter((s) => s !== slug));
  return (
    <fieldset className="s-group" aria-describedby={error ? `${id}-e` : undefined}>
      <legend className="s-group__legend">{node.minItems > 0 ? node.title : `${node.title} (необязательно)`}</legend>
      {node.description ? <p className="s-field__hint">{node.description}</p> : null}
      {error ? <GroupError id={`${id}-e`} text={error} /> : null}
      <ul className="s-checks">
        {[...list, ...missing.map((slug) => ({ value: slug, label: `${slug} (нет такой записи)` }))].map((option) => (
          <li key={option.value}>
            <input type="checkbox" id={`${id}-${option.value}`} checked={chosen.includes(option.value)} onChange={(e) => toggle(option.value, e.target.checked)} />
            <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Tags: typed separated by commas. */
