import type { Values } from "#core/studio/content-api.ts";
import { api } from "../api/client.ts";
import { formatDateTime } from "../lib/format.ts";
import { Button } from "../ui/index.ts";
import { ColleagueSave } from "./colleague-save.tsx";
import { ConflictView, GoneView } from "./conflict.tsx";
import { pruned } from "./model.ts";
import type { EntryEditor, EntryLoad } from "./use-entry-editor.ts";

/* The parts of an entry's editor (studio/pages/content-entry.tsx) that answer what happened meanwhile. */

/** A draft kept by itself that differs from the saved entry: continued, or thrown away. */
export function DraftOffer({ editor, data }: { editor: EntryEditor; data: EntryLoad }) {
  const { type, offer, setOffer, setValues, setBaseHash, setBaseValues, draftSlug } = editor;
  return (
    <>
      {offer ? (
        <div className="s-offer" role="region" aria-label="Черновик">
          <p>
            У вас есть несохранённый черновик от {formatDateTime(offer.updatedAt)}.
            {offer.baseHash !== null && offer.baseHash !== data.hash && !data.isNew ? " С тех пор запись изменили: после продолжения сравните при сохранении." : ""}
          </p>
          <Button
            variant="primary"
            onClick={() => {
              setValues(offer.values);
              if (offer.baseHash !== null && !data.isNew) {
                setBaseHash(offer.baseHash);
                // A draft begun on an older version: the server finds that version in the history for a merge.
                if (offer.baseHash !== data.hash) setBaseValues(null);
              }
              setOffer(null);
            }}
          >
            Продолжить черновик
          </Button>
          <Button
            onClick={() => {
              void api("DELETE", `/content/${type}/${encodeURIComponent(draftSlug)}/draft`).catch(() => undefined);
              setOffer(null);
            }}
          >
            Отбросить черновик
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** What keeps a save from the site (a link to nowhere, a table that no longer holds): the site would not publish. */
export function SaveProblems({ problems }: { problems: string[] }) {
  return (
    <>
      {problems.length > 0 ? (
        <div className="s-problems" role="region" aria-label="Что мешает сохранить">
          <p>Сохранить нельзя: иначе сайт не опубликуется.</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** A colleague's save while this form was open: taken in where it does not clash, else shown side by side; or the entry gone. */
export function EntryConflicts({ editor, data }: { editor: EntryEditor; data: EntryLoad }) {
  const { type, model, values, standOn, baseValues, conflict, setConflict, setSavers, setNotice, renaming, busy, colleague, save } = editor;
  return (
    <>
      {colleague && !conflict && !busy && !data.isNew ? (
        <ColleagueSave
          type={type}
          slug={data.slug}
          model={model}
          saved={colleague}
          base={baseValues.current}
          mine={pruned(model, values) as Values}
          titles={data.options}
          onTaken={(merged, theirs, taken) => {
            standOn(theirs.values, theirs.hash, merged);
            const by = colleague.by;
            if (by) setSavers((list) => [{ name: by.name, login: null, at: by.at }, ...list.filter((s) => s.name !== by.name)]);
            setNotice({ tone: "info", text: `Их правки перенесены в форму${taken.length > 0 ? `: ${taken.join(", ")}` : ""}. Ваши правки на месте; сохраните, когда закончите.` });
          }}
          onClashes={(merge, theirs) => {
            setConflict({ found: { ok: false, conflict: true, message: "", theirs: theirs.values, theirsHash: theirs.hash, by: colleague.by, base: baseValues.current }, merge });
            requestAnimationFrame(() => document.getElementById("conflict-title")?.focus());
          }}
        />
      ) : null}
      {conflict?.merge && conflict.found.theirs ? (
        <ConflictView
          merge={conflict.merge}
          by={conflict.found.by}
          titles={data.options}
          busy={busy}
          onSave={(merged) => void save({ values: merged, overBase: conflict.found.theirsHash, confirmedRename: renaming !== null })}
          onTakeTheirs={() => {
            standOn(conflict.found.theirs as Values, conflict.found.theirsHash);
            setConflict(null);
            setNotice({ tone: "info", text: "В форме их версия. Ваши изменения отброшены." });
          }}
        />
      ) : conflict ? (
        <GoneView onKeepMine={() => void save({ overBase: conflict.found.theirsHash, confirmedRename: renaming !== null })} />
      ) : null}
    </>
  );
}
