import type { ReactNode } from "react";
import { CAMPAIGN_FIELDS } from "#core/forms/campaign.ts";
import { paths } from "#core/lib/paths.ts";
import { AppLink } from "../ui/app-link.tsx";
import type { LeadForm } from "./use-lead-form.ts";

/**
 * Field primitives of the forms: a label, the control, and the message
 * about it, tied together for screen readers (aria-invalid,
 * aria-describedby). Controls are uncontrolled: what the visitor types stays
 * in the page whatever happens to the request.
 */
type FieldProps = {
  form: LeadForm;
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  /** One of several fields is required (the hint says which): neither "*" nor "(необязательно)". */
  eitherOr?: boolean;
};

function describedBy(form: LeadForm, name: string, hint?: string): string | undefined {
  const ids = [hint ? `${form.fieldId(name)}-hint` : "", form.errors[name] ? `${form.fieldId(name)}-error` : ""].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

function FieldMessages({ form, name, hint }: { form: LeadForm; name: string; hint?: string }) {
  const error = form.errors[name];
  return (
    <>
      {hint ? (
        <p className="field__hint" id={`${form.fieldId(name)}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${form.fieldId(name)}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
}

function Label({ form, name, label, required, eitherOr }: FieldProps) {
  return (
    <label className="field__label" htmlFor={form.fieldId(name)}>
      {label}
      {required ? <span aria-hidden="true"> *</span> : eitherOr ? null : <span className="field__optional"> (необязательно)</span>}
    </label>
  );
}

const text = (form: LeadForm, name: string) => {
  const value = form.values[name];
  return typeof value === "string" ? value : undefined;
};

export function TextField(props: FieldProps & { type?: "text" | "email" | "tel" | "url"; autoComplete?: string; inputMode?: "email" | "tel" | "url" }) {
  const { form, name, type = "text", autoComplete, inputMode, hint, required } = props;
  return (
    <div className="field">
      <Label {...props} />
      <input
        className="field__control"
        id={form.fieldId(name)}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        defaultValue={text(form, name)}
        aria-required={required || undefined}
        aria-invalid={form.errors[name] ? true : undefined}
        aria-describedby={describedBy(form, name, hint)}
      />
      <FieldMessages form={form} name={name} hint={hint} />
    </div>
  );
}

export function TextArea(props: FieldProps & { rows?: number }) {
  const { form, name, hint, rows = 5, required } = props;
  return (
    <div className="field">
      <Label {...props} />
      <textarea
        className="field__control"
        id={form.fieldId(name)}
        name={name}
        rows={rows}
        defaultValue={text(form, name)}
        aria-required={required || undefined}
        aria-invalid={form.errors[name] ? true : undefined}
        aria-describedby={describedBy(form, name, hint)}
      />
      <FieldMessages form={form} name={name} hint={hint} />
    </div>
  );
}

export function SelectField(props: FieldProps & { options: Record<string, string>; empty: string }) {
  const { form, name, options, empty, hint } = props;
  return (
    <div className="field">
      <Label {...props} />
      <select
        className="field__control"
        id={form.fieldId(name)}
        name={name}
        defaultValue={text(form, name) ?? ""}
        aria-invalid={form.errors[name] ? true : undefined}
        aria-describedby={describedBy(form, name, hint)}
      >
        <option value="">{empty}</option>
        {Object.entries(options).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <FieldMessages form={form} name={name} hint={hint} />
    </div>
  );
}

export function CheckboxGroup(props: FieldProps & { options: ReadonlyArray<{ value: string; label: string }>; checked?: readonly string[] }) {
  const { form, name, label, options, hint } = props;
  const sent = form.values[name];
  const checked = Array.isArray(sent) ? sent : (props.checked ?? []);
  return (
    <fieldset className="field field--group" aria-invalid={form.errors[name] ? true : undefined} aria-describedby={describedBy(form, name, hint)}>
      <legend className="field__label">
        {label}
        <span className="field__optional"> (необязательно)</span>
      </legend>
      <div className="field__options">
        {options.map((option) => (
          <label key={option.value} className="field__option">
            <input type="checkbox" name={name} value={option.value} defaultChecked={checked.includes(option.value)} />
            {option.label}
          </label>
        ))}
      </div>
      <FieldMessages form={form} name={name} hint={hint} />
    </fieldset>
  );
}

export function FileField(props: FieldProps & { accept: string }) {
  const { form, name, accept, hint } = props;
  return (
    <div className="field">
      <Label {...props} />
      <input
        className="field__control field__control--file"
        id={form.fieldId(name)}
        name={name}
        type="file"
        accept={accept}
        aria-invalid={form.errors[name] ? true : undefined}
        aria-describedby={describedBy(form, name, hint)}
      />
      <FieldMessages form={form} name={name} hint={hint} />
    </div>
  );
}

/** One consent, one checkbox, never ticked in advance (152-FZ). */
export function ConsentCheckbox({ form, name, required, children }: { form: LeadForm; name: string; required?: boolean; children: ReactNode }) {
  const sent = form.values[name];
  return (
    <div className="field field--consent">
      <label className="field__option">
        <input
          type="checkbox"
          name={name}
          value="yes"
          id={form.fieldId(name)}
          defaultChecked={sent === true}
          aria-required={required || undefined}
          aria-invalid={form.errors[name] ? true : undefined}
          aria-describedby={describedBy(form, name)}
        />
        <span>{children}</span>
      </label>
      <FieldMessages form={form} name={name} />
    </div>
  );
}

/** The links of a consent checkbox: the consent text and the policy, in a new tab so the form keeps its input. */
export function ConsentDocuments() {
  return (
    <>
      <AppLink to={paths.agreement()} target="_blank">
        согласие на обработку персональных данных
      </AppLink>{" "}
      и принимаю{" "}
      <AppLink to={paths.privacy()} target="_blank">
        политику обработки персональных данных
      </AppLink>
    </>
  );
}

/**
 * What the visitor never fills in: where the form was sent from, and a trap
 * field people do not see (bots that fill every field give themselves away).
 * The submission id, fill time and UTM tags are added when JavaScript sends the form.
 */
/** A landing's form: the variant of the page it is on and the campaign's label (core/forms/campaign.ts). */
export type Campaign = { variant: string; label: string | null };

export function HiddenFields({ form, campaign }: { form: LeadForm; campaign?: Campaign | undefined }) {
  return (
    <>
      <input type="hidden" name="page" value={form.page} />
      {campaign ? <input type="hidden" name={CAMPAIGN_FIELDS.variant} value={campaign.variant} /> : null}
      {campaign?.label ? <input type="hidden" name={CAMPAIGN_FIELDS.label} value={campaign.label} /> : null}
      <div className="lead-form__trap" aria-hidden="true">
        <label>
          Не заполняйте это поле
          <input type="text" name="homepage" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}

/** The form-level message and the button. */
export function FormFooter({ form, label, children }: { form: LeadForm; label: string; children?: ReactNode }) {
  return (
    <div className="lead-form__footer">
      {children}
      <p className="lead-form__message" role="alert" id={form.fieldId("message-form")}>
        {form.message}
      </p>
      <button className="button button--primary" type="submit" disabled={form.sending} aria-describedby={form.message ? form.fieldId("message-form") : undefined}>
        {form.sending ? "Отправляем…" : label}
      </button>
    </div>
  );
}
