import { useContext, useEffect, useId, useState } from "react";
import type { IconList, UsedValues } from "#core/studio/content-api.ts";
import { api } from "../api/client.ts";
import { Button, Field } from "../ui/index.ts";
import { type FieldNode, pathKey } from "./model.ts";
import { FormState } from "./form-state.ts";
import { GroupError } from "./group-error.tsx";
import { limitHint } from "./limit-hint.ts";
import { tidyTag } from "#core/content/tags.ts";
import { momentInZone } from "./time.ts";

/**
 * Fields picked rather than typed: tags from those the collection already
 * uses, an icon from the site's set (shown, not named), a time zone from a
 * list in Russian. Each keeps the value the schema stores (a tag as typed,
 * tidied; an icon's file name; an IANA zone).
 */
type Props<K extends FieldNode["kind"]> = { node: Extract<FieldNode, { kind: K }>; path: Array<string | number>; value: unknown };

const optional = (node: FieldNode, title = node.title) => (node.required ? title : `${title} (необязательно)`);

/** A choice from a datalist arrives as a replacement (or, in some browsers, as a plain event), never as typing. */
const pickedFromList = (event: Event) => !(event instanceof InputEvent) || event.inputType === "insertReplacementText";

/** Why a typed tag cannot be added, said at the field; null when it can. */
function refusal(tag: string, maxLength: number | undefined): string | null {
  if (!/[\p{L}\p{N}]/u.test(tag)) return "В\u00a0теге нужна хотя\u00a0бы одна буква или цифра";
  if (maxLength !== undefined && tag.length > maxLength) return `Тег «${tag.slice(0, 20)}…» длиннее ${maxLength} знаков`;
  return null;
}

/**
 * Tags as chips; a new one is typed (kept as typed: Russian, spaces; only
 * tidied) or picked from the collection's, most used first. Its address on
 * the site is made from it where the site shows it (core/content/tags.ts).
 */
export function TagsField({ node, path, value }: Props<"tags">) {
  const { errors, change, type } = useContext(FormState);
  const tags = Array.isArray(value) ? (value as string[]) : [];
  const [text, setText] = useState("");
  const [refused, setRefused] = useState<string | null>(null);
  const [used, setUsed] = useState<UsedValues["values"]>([]);
  const listId = useId();
  const field = String(path[path.length - 1] ?? "");
  useEffect(() => {
    if (!type || path.length !== 1) return;
    let live = true;
    void api<UsedValues>("GET", `/content/used-values?type=${encodeURIComponent(type)}&field=${encodeURIComponent(field)}`)
      .then((r) => live && setUsed(r.values))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [type, field, path.length]);
  const key = pathKey(path);
  const error = refused ?? errors[key] ?? tags.map((_, i) => errors[pathKey([...path, i])]).find(Boolean) ?? null;
  // Several may come at once, separated by commas (pasted, or typed as the old field took them).
  // «SEO» and «seo» are one tag: the one already there stays.
  const add = (typed: string): boolean => {
    const same = (a: string, b: string) => a.toLocaleLowerCase("ru") === b.toLocaleLowerCase("ru");
    const typedTags = typed.split(",").map(tidyTag).filter(Boolean);
    const problem = typedTags.map((tag) => refusal(tag, node.itemMaxLength)).find(Boolean) ?? (typed.trim() !== "" && typedTags.length === 0 ? refusal("", undefined) : null);
    setRefused(problem);
    // A refused tag stays in the field to be corrected; nothing typed is lost.
    if (problem) return false;
    const fresh = typedTags.filter((tag, i, all) => !tags.some((t) => same(t, tag)) && all.findIndex((t) => same(t, tag)) === i);
    setText("");
    if (fresh.length > 0) change(path, [...tags, ...fresh]);
    return true;
  };
  const suggestions = used.filter((u) => !tags.includes(u.value));
  return (
    <Field label={node.minItems > 0 ? node.title : `${node.title} (необязательно)`} name={key} hint={[node.description, "Выберите из списка или напишите новый и нажмите Enter", limitHint(node)].filter(Boolean).join(". ")} error={error}>
      {(control) => (
        <div className="s-tags">
          {tags.length > 0 ? (
            <ul className="s-tags__list" aria-label="Выбрано">
              {tags.map((tag) => (
                <li key={tag} className="s-tag">
                  {tag}
                  <button type="button" className="s-tag__remove" aria-label={`Убрать тег ${tag}`} onClick={() => change(path, tags.filter((t) => t !== tag))}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="s-tags__add">
            <input
              className="s-input"
              type="text"
              {...control}
              list={listId}
              value={text}
              autoComplete="off"
              onChange={(e) => {
                // Picking from the list (or typing a comma) adds at once.
                const next = e.target.value;
                const comma = next.lastIndexOf(",");
                if (comma >= 0) {
                  setText(add(next.slice(0, comma)) ? next.slice(comma + 1).trimStart() : next);
                } else if (pickedFromList(e.nativeEvent) && used.some((u) => u.value === next)) add(next);
                else {
                  setText(next);
                  setRefused(null);
                }
              }}
              // What is typed and not yet added is added when the person moves on: never lost on save.
              onBlur={() => {
                if (text.trim()) add(text);
              }}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  add(text);
                } else if (e.key === "Backspace" && text === "" && tags.length > 0) change(path, tags.slice(0, -1));
              }}
            />
            <datalist id={listId}>
              {suggestions.map((u) => (
                <option key={u.value} value={u.value}>{`${u.value}: ${u.count}`}</option>
              ))}
            </datalist>
            <Button onClick={() => add(text)} disabled={tidyTag(text) === ""}>
              Добавить
            </Button>
          </div>
          {suggestions.length > 0 ? (
            <p className="s-tags__used">
              Часто: {suggestions.slice(0, 8).map((u, i) => (
                <span key={u.value}>
                  {i > 0 ? " " : null}
                  <button type="button" className="s-tags__pick" onClick={() => add(u.value)} aria-label={`Добавить тег ${u.value}`}>
                    {u.value}
                  </button>
                </span>
              ))}
            </p>
          ) : null}
        </div>
      )}
    </Field>
  );
}

/** The site's icons as a grid of choices, each drawn; a filter by name for the long list. */
export function IconField({ node, path, value }: Props<"text">) {
  const { errors, change } = useContext(FormState);
  const [icons, setIcons] = useState<string[] | null>(null);
  const [filter, setFilter] = useState("");
  const id = useId();
  useEffect(() => {
    let live = true;
    void api<IconList>("GET", "/content/icons")
      .then((r) => live && setIcons(r.icons))
      .catch(() => live && setIcons([]));
    return () => {
      live = false;
    };
  }, []);
  const key = pathKey(path);
  const error = errors[key] ?? null;
  const current = typeof value === "string" ? value : "";
  const q = filter.trim().toLowerCase();
  const shown = (icons ?? []).filter((name) => !q || name.includes(q) || name === current);
  return (
    <fieldset className="s-icons" aria-describedby={[error ? `${id}-error` : "", `${id}-hint`].filter(Boolean).join(" ")}>
      <legend className="s-field__label">{optional(node)}</legend>
      <p className="s-field__hint" id={`${id}-hint`}>
        {current ? (
          <>
            Выбран: <img src={`/assets/icons/${current}.svg`} alt="" width={20} height={20} className="s-icons__current" /> {current}
          </>
        ) : (
          "Значок не выбран"
        )}
      </p>
      {error ? <GroupError id={`${id}-error`} text={error} /> : null}
      <label className="s-visually-hidden" htmlFor={`${id}-filter`}>
        Найти значок
      </label>
      <input id={`${id}-filter`} className="s-input" type="search" placeholder="Найти значок по названию" value={filter} onChange={(e) => setFilter(e.target.value)} />
      {icons === null ? (
        <p className="s-field__hint">Загружаем значки…</p>
      ) : (
        <div className="s-icons__grid" role="radiogroup" aria-label={node.title}>
          {shown.map((name, index) => (
            <label key={name} className="s-icons__choice">
              <input
                type="radio"
                name={`icon-${key}`}
                value={name}
                checked={current === name}
                onChange={() => change(path, name)}
                {...(error && (current === name || (!current && index === 0)) ? { "aria-invalid": true as const } : {})}
              />
              <img src={`/assets/icons/${name}.svg`} alt="" width={24} height={24} loading="lazy" />
              <span>{name}</span>
            </label>
          ))}
          {shown.length === 0 ? <p className="s-field__hint">Такого значка нет</p> : null}
        </div>
      )}
    </fieldset>
  );
}

/** Russia's zones by their cities, west to east; the rest of the world after them. */
const RUSSIA: ReadonlyArray<[string, string]> = [
  ["Europe/Kaliningrad", "Калининград"],
  ["Europe/Moscow", "Москва"],
  ["Europe/Samara", "Самара"],
  ["Asia/Yekaterinburg", "Екатеринбург"],
  ["Asia/Omsk", "Омск"],
  ["Asia/Novosibirsk", "Новосибирск"],
  ["Asia/Krasnoyarsk", "Красноярск"],
  ["Asia/Irkutsk", "Иркутск"],
  ["Asia/Yakutsk", "Якутск"],
  ["Asia/Vladivostok", "Владивосток"],
  ["Asia/Magadan", "Магадан"],
  ["Asia/Kamchatka", "Петропавловск-Камчатский"],
];

function zonePart(zone: string, style: "shortOffset" | "longGeneric"): string {
  try {
    return new Intl.DateTimeFormat("ru-RU", { timeZone: zone, timeZoneName: style }).formatToParts(Date.now()).find((p) => p.type === "timeZoneName")?.value ?? "";
  } catch {
    return "";
  }
}

let zones: { russia: Array<{ value: string; label: string }>; world: Array<{ value: string; label: string }> } | null = null;

/** Built once, when a form first shows a time zone: some four hundred names. */
function timeZones() {
  if (zones) return zones;
  const russia = RUSSIA.map(([value, city]) => ({ value, label: `${city}, ${zonePart(value, "shortOffset")}` }));
  const named = new Set(RUSSIA.map(([value]) => value));
  const world = Intl.supportedValuesOf("timeZone")
    .filter((zone) => !named.has(zone))
    .map((zone) => ({ value: zone, label: `${zonePart(zone, "longGeneric").replace(/, стандартное время$/, "")}, ${zonePart(zone, "shortOffset")} (${zone})` }))
    .sort((a, b) => a.label.localeCompare(b.label, "ru"));
  zones = { russia, world };
  return zones;
}

/** A zone as the list names it («Москва, GMT+3»), or its IANA name when the list has none. */
export function zoneLabel(zone: string): string {
  const { russia, world } = timeZones();
  return [...russia, ...world].find((z) => z.value === zone)?.label ?? zone;
}

export function TimeZoneField({ node, path, value }: Props<"text">) {
  const { errors, change, values } = useContext(FormState);
  const key = pathKey(path);
  const current = typeof value === "string" && value ? value : "Europe/Moscow";
  const { russia, world } = timeZones();
  const known = russia.some((z) => z.value === current) || world.some((z) => z.value === current);
  // The moments beside the zone (an event's start and end) keep the time typed and take the new
  // zone's offset: the zone says where the time is read, so correcting it does not move the clock.
  const changeZone = (zone: string) => {
    change(path, zone);
    const group = siblingsOf(values, path);
    for (const [key, moment] of Object.entries(group)) {
      if (typeof moment === "string" && momentInZone(moment, zone) !== moment) change([...path.slice(0, -1), key], momentInZone(moment, zone));
    }
  };
  return (
    <Field label={optional(node)} name={key} hint={node.description} error={errors[key] ?? null}>
      {(control) => (
        <select className="s-input s-select" {...control} value={current} onChange={(e) => changeZone(e.target.value)}>
          {!known ? <option value={current}>{current} (нет в списке)</option> : null}
          <optgroup label="Россия">
            {russia.map((z) => (
              <option key={z.value} value={z.value}>
                {z.label}
              </option>
            ))}
          </optgroup>
          <optgroup label="Другие страны">
            {world.map((z) => (
              <option key={z.value} value={z.value}>
                {z.label}
              </option>
            ))}
          </optgroup>
        </select>
      )}
    </Field>
  );
}

/** The other values of the group that holds `path`. */
export function siblingsOf(values: unknown, path: ReadonlyArray<string | number>): Record<string, unknown> {
  let at: unknown = values;
  for (const step of path.slice(0, -1)) at = typeof at === "object" && at !== null ? (at as Record<string | number, unknown>)[step] : undefined;
  return typeof at === "object" && at !== null ? (at as Record<string, unknown>) : {};
}
