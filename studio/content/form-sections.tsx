import { type ReactNode, useContext, useId, useState } from "react";
import { Button } from "../ui/index.ts";
import { FormState } from "./form-state.ts";
import type { ObjectNode } from "./model.ts";
import "./form-sections.css";

/**
 * A form in the sections its schema declares (`x-groups`): a heading each
 * that opens and closes it, and a table of contents beside them (sticky on
 * a wide screen; a select on a narrow one) that opens a section, brings it
 * into view and moves focus to it. «Свернуть разделы» leaves the first (the
 * fields used most) open; what a person closed stays closed for that type
 * in this browser. A refused save opens every section with an error. A type
 * without sections is one column as before.
 */
type Props = { type: string; model: ObjectNode; renderField(key: string): ReactNode };

const stored = (type: string): number[] | null => {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(`studio.sections.${type}`) ?? "null");
    return Array.isArray(saved) ? saved.filter((n): n is number => typeof n === "number") : null;
  } catch {
    return null;
  }
};

export function FormSections({ type, model, renderField }: Props) {
  const id = useId();
  const { errors } = useContext(FormState);
  const groups = model.groups ?? [];
  const [closed, setClosedState] = useState<number[]>(() => stored(type) ?? []);
  const setClosed = (next: number[]) => {
    setClosedState(next);
    try {
      localStorage.setItem(`studio.sections.${type}`, JSON.stringify(next));
    } catch {
      // A browser that keeps nothing: the sections are as the person left them until the page is left.
    }
  };
  const withErrors = groups.flatMap((group, index) => (group.keys.some((key) => Object.keys(errors).some((k) => k === key || k.startsWith(`${key}.`))) ? [index] : []));
  const [seen, setSeen] = useState(errors);
  if (seen !== errors) {
    setSeen(errors);
    if (withErrors.some((index) => closed.includes(index))) setClosedState(closed.filter((index) => !withErrors.includes(index)));
  }
  if (groups.length < 2) return <>{model.fields.map(([key]) => renderField(key))}</>;
  const go = (index: number) => {
    setClosed(closed.filter((n) => n !== index));
    requestAnimationFrame(() => {
      const heading = document.getElementById(`${id}-${index}`);
      heading?.scrollIntoView({ block: "start" });
      heading?.focus({ preventScroll: true });
    });
  };
  const allOpen = closed.length === 0;
  return (
    <div className="s-sections">
      <nav className="s-sections__toc" aria-label="Разделы формы">
        <ol className="s-sections__list">
          {groups.map((group, index) => (
            <li key={group.title}>
              <a
                href={`#${id}-${index}`}
                onClick={(event) => {
                  event.preventDefault();
                  go(index);
                }}
              >
                {group.title}
              </a>
            </li>
          ))}
        </ol>
        <label className="s-sections__pick">
          <span className="s-field__label">Перейти к разделу</span>
          <select className="s-input s-select" value="" onChange={(event) => event.target.value !== "" && go(Number(event.target.value))}>
            <option value="">— выберите раздел —</option>
            {groups.map((group, index) => (
              <option key={group.title} value={index}>
                {group.title}
              </option>
            ))}
          </select>
        </label>
        <Button variant="quiet" onClick={() => setClosed(allOpen ? groups.map((_, index) => index).slice(1) : [])}>
          {allOpen ? "Свернуть разделы" : "Развернуть все разделы"}
        </Button>
      </nav>
      <div className="s-sections__body">
        {groups.map((group, index) => {
          const open = !closed.includes(index);
          return (
            <section key={group.title} className="s-form-section" aria-labelledby={`${id}-${index}`}>
              <h2 className="s-form-section__title">
                <button
                  type="button"
                  className="s-form-section__toggle"
                  id={`${id}-${index}`}
                  aria-expanded={open}
                  aria-controls={`${id}-${index}-body`}
                  onClick={() => setClosed(open ? [...closed, index] : closed.filter((n) => n !== index))}
                >
                  {group.title}
                  {withErrors.includes(index) ? <span className="s-form-section__flag"> — есть ошибки</span> : null}
                </button>
              </h2>
              <div className="s-form-section__body" id={`${id}-${index}-body`} hidden={!open}>
                {group.keys.map((key) => renderField(key))}
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}
