import { useState } from "react";
import { Button } from "../ui/index.ts";
import type { ObjectNode } from "./model.ts";

/**
 * A save refused because the entry changed since it was opened: both
 * versions side by side, field by field, and a choice — keep mine, take
 * theirs, or merge by picking a version per field. Nothing is overwritten
 * until the person chooses.
 */
type Props = {
  model: ObjectNode;
  mine: Record<string, unknown>;
  theirs: Record<string, unknown> | null;
  onKeepMine(): void;
  onTakeTheirs(): void;
  onMerge(merged: Record<string, unknown>): void;
};

const show = (value: unknown): string => {
  if (value === undefined || value === null || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "да" : "нет";
  return JSON.stringify(value, null, 1);
};

export function ConflictView({ model, mine, theirs, onKeepMine, onTakeTheirs, onMerge }: Props) {
  const differing = model.fields.filter(([key]) => JSON.stringify(mine[key]) !== JSON.stringify(theirs?.[key]));
  const [picked, setPicked] = useState<Record<string, "mine" | "theirs">>({});
  const [merging, setMerging] = useState(false);
  if (theirs === null) {
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
  return (
    <section className="s-conflict" aria-labelledby="conflict-title">
      <h2 id="conflict-title" className="s-section__title" tabIndex={-1}>
        Пока вы редактировали, запись изменили
      </h2>
      <p>Отличаются поля: {differing.length}. Сравните и выберите, что оставить. Ничего не сохранится, пока вы не выберете.</p>
      <div className="s-table-box" tabIndex={0} role="region" aria-label="Две версии записи">
        <table className="s-table s-conflict__table">
          <caption className="s-visually-hidden">Поля, которые отличаются</caption>
          <thead>
            <tr>
              <th scope="col">Поле</th>
              <th scope="col">Сейчас в файле (их версия)</th>
              <th scope="col">Ваша версия</th>
              {merging ? <th scope="col">Оставить</th> : null}
            </tr>
          </thead>
          <tbody>
            {differing.map(([key, node]) => (
              <tr key={key}>
                <th scope="row">{node.title}</th>
                <td>
                  <pre className="s-conflict__value">{show(theirs[key])}</pre>
                </td>
                <td>
                  <pre className="s-conflict__value">{show(mine[key])}</pre>
                </td>
                {merging ? (
                  <td>
                    <fieldset className="s-conflict__pick">
                      <legend className="s-visually-hidden">{node.title}: какую версию оставить</legend>
                      {(["theirs", "mine"] as const).map((side) => (
                        <label key={side}>
                          <input type="radio" name={`pick-${key}`} checked={(picked[key] ?? "mine") === side} onChange={() => setPicked({ ...picked, [key]: side })} />{" "}
                          {side === "mine" ? "мою" : "их"}
                        </label>
                      ))}
                    </fieldset>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="s-actions">
        {merging ? (
          <Button
            variant="primary"
            onClick={() => {
              const merged = { ...mine };
              for (const [key] of differing) if (picked[key] === "theirs") merged[key] = theirs[key];
              onMerge(merged);
            }}
          >
            Перенести выбранное в форму
          </Button>
        ) : (
          <>
            <Button variant="primary" onClick={onKeepMine}>
              Оставить мою версию
            </Button>
            <Button onClick={onTakeTheirs}>Взять их версию</Button>
            <Button onClick={() => setMerging(true)}>Объединить вручную</Button>
          </>
        )}
      </div>
    </section>
  );
}
