import { useState } from "react";
import { dateFromRussian, dateToRussian, momentFromRussian } from "../content/time.ts";
import { Field } from "./field.tsx";

/**
 * A day typed the Russian way (25.11.2026), whatever the browser's language:
 * the studio's one date input outside the content forms (their fields use the
 * same reading, studio/content/time.ts). The form sends the day as YYYY-MM-DD under
 * `name`, from a hidden input, so addresses and the API keep ISO days; what
 * does not read as a day is sent as typed, for the check to refuse at the field.
 */
type Props = { label: string; name: string; defaultValue: string; error?: string | null | undefined; moment?: boolean; hint?: string };

/** "2026-11-29T10:00" → "29.11.2026 10:00" */
const localToRussian = (value: string) => value.replace(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}).*$/, "$3.$2.$1 $4");

/** With `moment`, a day and a time (29.11.2026 10:00, Moscow time), sent with Moscow's offset. */
export function DayField({ label, name, defaultValue, error, moment = false, hint }: Props) {
  const [text, setText] = useState(moment ? localToRussian(defaultValue) : dateToRussian(defaultValue));
  const sentValue = moment ? momentFromRussian(text, "") : dateFromRussian(text);
  return (
    <Field label={label} name={name} hint={hint} error={error ?? null}>
      {({ name: sent, ...control }) => (
        <>
          <input
            className="s-input s-input--short"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={moment ? "ДД.ММ.ГГГГ ЧЧ:ММ" : "ДД.ММ.ГГГГ"}
            data-name={sent}
            {...control}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <input type="hidden" name={sent} value={sentValue} />
        </>
      )}
    </Field>
  );
}
