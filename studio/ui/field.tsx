import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from "react";

/**
 * A form field: label, optional hint, error message. The control is tied to
 * both by aria-describedby and marked aria-invalid while it has an error, so
 * a screen reader reads the label, the error and the hint together.
 */
export type ControlProps = { id: string; name: string; "aria-describedby"?: string; "aria-invalid"?: true };

export type FieldProps = {
  label: string;
  name: string;
  hint?: ReactNode;
  error?: string | null;
  children: (control: ControlProps) => ReactNode;
};

export function Field({ label, name, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="s-field">
      <label className="s-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, name, ...(describedBy ? { "aria-describedby": describedBy } : {}), ...(error ? { "aria-invalid": true } : {}) })}
      {error ? (
        <p className="s-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p className="s-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<FieldProps, "children"> & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "children">;

export function TextField({ label, name, hint, error, ...input }: TextFieldProps) {
  return (
    <Field label={label} name={name} hint={hint} error={error}>
      {(control) => <input className="s-input" type="text" {...input} {...control} />}
    </Field>
  );
}

type SelectFieldProps = Omit<FieldProps, "children"> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "children"> & { options: ReadonlyArray<{ value: string; label: string }> };

export function SelectField({ label, name, hint, error, options, ...select }: SelectFieldProps) {
  return (
    <Field label={label} name={name} hint={hint} error={error}>
      {(control) => (
        <select className="s-input s-select" {...select} {...control}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
