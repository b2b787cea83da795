import { useState } from "react";
import { formatDateTime } from "../lib/format.ts";
import { Button } from "../ui/index.ts";
import { textParts, type Titles, valueText } from "./diff.ts";
import { TextChange } from "./entry-diff.tsx";
import { GroupError } from "./group-error.tsx";
import type { Choice, Clash, Merge } from "./merge.ts";

/**
 * A save over a colleague's newer version that the three-way merge could not
 * finish by itself (merge.ts): only the places both people changed
 * differently, each with what it was, their version and mine (the changed
 * words marked), settled one by one by a choice or by typing the result.
 * Everything else of both versions is already merged. Nothing is saved until
 * every place is settled.
 */
type Props = {
  merge: Merge;
  by: { name: string; at: number } | null;
  titles: Titles;
  busy: boolean;
  onSave(values: Record<string, unknown>): void;
  onTakeTheirs(): void;
};

const PICKS: Record<Clash["kind"], Array<{ pick: "theirs" | "mine" | "both"; label: string }>> = {
  blocks: [
    { pick: "theirs", label: "Их вариант" },
    { pick: "mine", label: "Мой вариант" },
    { pick: "both", label: "Оба: сначала их, потом мой" },
  ],
  items: [
    { pick: "theirs", label: "Их вариант" },
    { pick: "mine", label: "Мой вариант" },
    { pick: "both", label: "Оба: сначала их пункты, потом мои" },
  ],
  value: [
    { pick: "theirs", label: "Их вариант" },
    { pick: "mine", label: "Мой вариант" },
  ],
};

/** The text a choice puts in the result box of a text clash. */
function textOf(clash: Clash, pick: "theirs" | "mine" | "both"): string {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  if (pick === "both") return `${text(clash.theirs)}\n\n${text(clash.mine)}`;
  return text(pick === "mine" ? clash.mine : clash.theirs);
}

export function ConflictView({ merge, by, titles, busy, onSave, onTakeTheirs }: Props) {
  const [choices, setChoices] = useState<Array<Choice | undefined>>(() => merge.clashes.map(() => undefined));
  const [missing, setMissing] = useState<boolean>(false);
  const choose = (i: number, choice: Choice) => {
    setChoices((current) => current.map((c, j) => (j === i ? choice : c)));
  };
  const who = by ? `${by.name}, ${formatDateTime(by.at)}` : "другой человек";
  const save = () => {
    const open = choices.findIndex((c) => c === undefined);
    if (open >= 0) {
      setMissing(true);
      requestAnimationFrame(() => document.getElementById(`clash-${open}`)?.focus());
      return;
    }
    onSave(merge.resolve(choices as Choice[]));
  };
  return (
    <section className="s-conflict" aria-labelledby="conflict-title">
      <h2 id="conflict-title" className="s-section__title" tabIndex={-1}>
        Пока вы редактировали, запись сохранили: {who}
      </h2>
      <p>
        Их и ваши правки объединены{merge.taken.length > 0 ? ` (из их версии взято: ${merge.taken.join(", ")})` : ""}. Осталось мест, которые вы оба изменили по-разному:{" "}
        {merge.clashes.length}. Выберите для каждого, что оставить, — ничего не сохранится, пока все не выбраны. Можно и взять их версию целиком: тогда ваши правки пропадут.
      </p>
      <ol className="s-conflict__list">
        {merge.clashes.map((clash, i) => (
          <li key={i}>
            <ClashView
              index={i}
              clash={clash}
              choice={choices[i]}
              titles={titles}
              error={missing && choices[i] === undefined ? "Выберите, какой вариант оставить" : null}
              onChoose={(choice) => choose(i, choice)}
            />
          </li>
        ))}
      </ol>
      <div className="s-actions">
        <Button variant="primary" onClick={save} disabled={busy}>
          Сохранить объединённое
        </Button>
        <Button onClick={onTakeTheirs}>Взять их версию целиком</Button>
      </div>
    </section>
  );
}

type ClashProps = { index: number; clash: Clash; choice: Choice | undefined; titles: Titles; error: string | null; onChoose(choice: Choice): void };

function ClashView({ index, clash, choice, titles, error, onChoose }: ClashProps) {
  const id = `clash-${index}`;
  const text = clash.kind === "blocks" || (clash.editable && typeof clash.mine === "string" && typeof clash.theirs === "string");
  const picked = choice?.pick;
  // The result box holds the text typed, or what the choice puts there.
  const result = choice === undefined ? null : choice.pick === "edit" ? choice.text : textOf(clash, choice.pick);
  return (
    <fieldset className="s-conflict__clash" id={id} tabIndex={-1} aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend>
        {clash.label}
        {clash.kind === "blocks" ? ": абзац, который изменили оба" : clash.kind === "items" ? ": пункты, которые изменили оба" : ""}
      </legend>
      <div className="s-conflict__sides">
        <Side title="Их версия" base={clash.base} value={clash.theirs} clash={clash} titles={titles} text={text} />
        <Side title="Ваша версия" base={clash.base} value={clash.mine} clash={clash} titles={titles} text={text} />
      </div>
      <div className="s-conflict__pick" role="radiogroup" aria-label={`${clash.label}: что оставить`}>
        {PICKS[clash.kind].map(({ pick, label }) => (
          <label key={pick}>
            <input type="radio" name={id} checked={picked === pick} onChange={() => onChoose({ pick })} /> {label}
          </label>
        ))}
      </div>
      {clash.editable && result !== null ? (
        <label className="s-conflict__result">
          <span>Итог (можно поправить)</span>
          <textarea
            className="s-input s-textarea"
            rows={Math.min(12, Math.max(3, Math.ceil(result.length / 70)))}
            value={result}
            onChange={(event) => onChoose({ pick: "edit", text: event.target.value })}
          />
        </label>
      ) : null}
      {error ? <GroupError id={`${id}-error`} text={error} /> : null}
    </fieldset>
  );
}

function Side({ title, base, value, clash, titles, text }: { title: string; base: unknown; value: unknown; clash: Clash; titles: Titles; text: boolean }) {
  const before = typeof base === "string" ? base : "";
  return (
    <div className="s-conflict__side">
      <h3 className="s-conflict__side-title">{title}</h3>
      {text && typeof value === "string" ? (
        before === "" ? (
          <p className="s-conflict__value">{value || "—"}</p>
        ) : (
          <TextChange change={{ label: title, kind: "text", parts: textParts(before, value, Number.MAX_SAFE_INTEGER) }} />
        )
      ) : (
        <p className="s-conflict__value">{valueText(clash.node, value, titles) ?? "Пусто"}</p>
      )}
    </div>
  );
}

/** A save refused because the entry was deleted meanwhile: the form keeps the person's version. */
export function GoneView({ onKeepMine }: { onKeepMine(): void }) {
  return (
    <section className="s-conflict" aria-labelledby="conflict-title">
      <h2 id="conflict-title" className="s-section__title" tabIndex={-1}>
        Запись удалили, пока вы её редактировали
      </h2>
      <p>Ваша версия осталась в форме. Сохраните её как новую запись или закройте страницу.</p>
      <Button variant="primary" onClick={onKeepMine}>
        Сохранить мою версию
      </Button>
    </section>
  );
}
