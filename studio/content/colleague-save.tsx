import { useState } from "react";
import type { EditableType } from "#core/content/catalog.ts";
import type { EntryData, PresenceResult, Values } from "#core/studio/content-api.ts";
import { api } from "../api/client.ts";
import { formatDateTime } from "../lib/format.ts";
import { Button } from "../ui/index.ts";
import { EntryDiff } from "./entry-diff.tsx";
import { type Merge, mergeEntry } from "./merge.ts";
import type { ObjectNode } from "./model.ts";

/**
 * A colleague saved the entry open here (the presence beat says so within
 * a second): who and when, their changes on demand, and «Взять их правки»,
 * which merges them into the form three ways (merge.ts) — what the person
 * has not touched comes from their version, what both changed is shown to
 * settle. Nothing in the form is lost either way.
 */
type Props = {
  type: EditableType;
  slug: string;
  model: ObjectNode;
  saved: NonNullable<PresenceResult["saved"]>;
  /** The entry as it was when this editor started (null: not known). */
  base: Values | null;
  /** The form as it is now. */
  mine: Values;
  titles: Record<string, Array<{ value: string; label: string }>>;
  /** The merge had nothing to settle: the form becomes `merged`, over their version. */
  onTaken(merged: Values, theirs: { values: Values; hash: string }, taken: string[]): void;
  /** The merge left places both changed: shown to settle as at a conflicting save. */
  onClashes(merge: Merge, theirs: { values: Values; hash: string }): void;
};

export function ColleagueSave({ type, slug, model, saved, base, mine, titles, onTaken, onClashes }: Props) {
  const [theirs, setTheirs] = useState<{ values: Values; hash: string } | null>(null);
  const [showing, setShowing] = useState(false);
  const [failed, setFailed] = useState(false);
  const who = saved.by ? `${saved.by.name}, ${formatDateTime(saved.by.at)}` : "другой человек";
  const load = async () => {
    if (theirs && theirs.hash === saved.hash) return theirs;
    try {
      const entry = await api<EntryData>("GET", `/content/${type}/${encodeURIComponent(slug)}`);
      const loaded = { values: entry.values, hash: entry.hash };
      setTheirs(loaded);
      setFailed(false);
      return loaded;
    } catch {
      setFailed(true);
      return null;
    }
  };
  if (saved.hash === null) {
    return (
      <div className="s-offer" role="region" aria-label="Запись изменили">
        <p>Пока вы редактировали, запись удалили: {who}. Ваша версия в форме; её можно сохранить как новую запись.</p>
      </div>
    );
  }
  return (
    <div className="s-offer" role="region" aria-label="Запись изменили">
      <p>
        Пока вы редактировали, запись сохранили: {who}. Ваши правки в форме на месте; их правки можно посмотреть и перенести в форму.
      </p>
      <div className="s-actions">
        <Button
          aria-expanded={showing}
          onClick={async () => {
            if (!showing && !(await load())) return;
            setShowing(!showing);
          }}
        >
          {showing ? "Скрыть их правки" : "Показать их правки"}
        </Button>
        <Button
          variant="primary"
          onClick={async () => {
            const loaded = await load();
            if (!loaded) return;
            const merge = mergeEntry(model, base, mine, loaded.values);
            if (merge.clashes.length === 0) onTaken(merge.values, loaded, merge.taken);
            else onClashes(merge, loaded);
          }}
        >
          Взять их правки
        </Button>
      </div>
      {failed ? <p className="s-field__error">Не удалось загрузить их версию: нет связи с сервером. Попробуйте ещё раз.</p> : null}
      {showing && theirs ? <EntryDiff type={type} before={base ?? mine} after={theirs.values} titles={titles} /> : null}
    </div>
  );
}
