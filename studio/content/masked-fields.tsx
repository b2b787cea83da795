import { useContext, useId, useState } from "react";
import { formatPhone } from "#core/lib/format.ts";
import { Field } from "../ui/index.ts";
import { FormState } from "./form-state.ts";
import { type FieldNode, pathKey } from "./model.ts";

/**
 * Values with a format of their own, never typed in it: a month picked by
 * its name and year (stored "2025-03"), a phone number typed as people write
 * it and stored in the international form ("+74951234567"), shown grouped.
 */
type Props = { node: Extract<FieldNode, { kind: "text" }>; path: Array<string | number>; value: unknown };

const MONTHS = ["январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь", "ноябрь", "декабрь"];
const optional = (node: FieldNode) => (node.required ? node.title : `${node.title} (необязательно)`);

/** A month and a year: two selects, stored as "ГГГГ-ММ" in the file. */
export function MonthField({ node, path, value }: Props) {
  const { errors, change } = useContext(FormState);
  const id = useId();
  const key = pathKey(path);
  // Read from the value itself, so a value set from outside (a draft, a colleague's version) shows at once;
  // a half-chosen month is kept as "2025-" or "-03" until the other half comes.
  const m = /^(\d{4})?-(\d{2})?$/.exec(typeof value === "string" ? value : "");
  const year = m?.[1] ?? "";
  const month = m?.[2] ?? "";
  const now = new Date().getFullYear();
  const years = Array.from({ length: now + 3 - 2000 }, (_, i) => String(now + 2 - i));
  if (year && !years.includes(year)) years.push(year);
  const set = (nextYear: string, nextMonth: string) => change(path, nextYear || nextMonth ? `${nextYear}-${nextMonth}` : undefined);
  const error = errors[key] ?? null;
  return (
    <fieldset className="s-group s-month" aria-describedby={[error ? `${id}-e` : "", node.description ? `${id}-h` : ""].filter(Boolean).join(" ") || undefined}>
      <legend className="s-field__label">{optional(node)}</legend>
      <label className="s-visually-hidden" htmlFor={`${id}-m`}>{`${node.title}: месяц`}</label>
      <select id={`${id}-m`} className="s-input s-select" value={month} aria-invalid={error ? true : undefined} onChange={(e) => set(year, e.target.value)}>
        <option value="">— месяц —</option>
        {MONTHS.map((name, i) => (
          <option key={name} value={String(i + 1).padStart(2, "0")}>
            {name}
          </option>
        ))}
      </select>
      <label className="s-visually-hidden" htmlFor={`${id}-y`}>{`${node.title}: год`}</label>
      <select id={`${id}-y`} className="s-input s-select" value={year} aria-invalid={error ? true : undefined} onChange={(e) => set(e.target.value, month)}>
        <option value="">— год —</option>
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
      {error ? (
        <p className="s-field__error" id={`${id}-e`}>
          {error}
        </p>
      ) : null}
      {node.description ? (
        <p className="s-field__hint" id={`${id}-h`}>
          {node.description}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Digits as stored: "8 (495) 123-45-67" → "+74951234567"; a Russian number without its code gets +7. */
function phoneToStored(typed: string): string {
  let digits = typed.replace(/\D/g, "");
  if (digits === "") return "";
  if (!typed.trim().startsWith("+")) {
    if (digits.length === 11 && digits.startsWith("8")) digits = `7${digits.slice(1)}`;
    else if (digits.length === 10) digits = `7${digits}`;
  }
  return `+${digits}`;
}

export function PhoneField({ node, path, value }: Props) {
  const { errors, change } = useContext(FormState);
  const stored = typeof value === "string" ? value : "";
  // What is typed, while it is being typed; otherwise the stored number, grouped (a value set from
  // outside, a draft or a colleague's version, shows at once).
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Field label={optional(node)} name={pathKey(path)} hint={node.description} error={errors[pathKey(path)] ?? null}>
      {(control) => (
        <input
          className="s-input s-input--short"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          {...control}
          value={draft ?? formatPhone(stored)}
          onChange={(e) => {
            setDraft(e.target.value);
            change(path, phoneToStored(e.target.value) || undefined);
          }}
          onBlur={() => setDraft(null)}
        />
      )}
    </Field>
  );
}
