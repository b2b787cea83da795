import { useMemo } from "react";
import type { EditableType } from "#core/content/catalog.ts";
import { counted } from "#core/lib/format.ts";
import { entryDiff, type FieldDiff, type Titles } from "./diff.ts";
import { formModel } from "./model.ts";

/**
 * The difference of two versions of an entry, field by field (diff.ts): a
 * text shows its words removed and added inline, with the unchanged runs
 * between far-apart changes folded; any other value before → after. Used
 * by an entry's history and a publication's changes alike.
 */
type Props = { type: EditableType; before: Record<string, unknown> | null; after: Record<string, unknown> | null; titles: Titles };

export function EntryDiff({ type, before, after, titles }: Props) {
  const changes = useMemo(() => entryDiff(formModel(type), before, after, titles), [type, before, after, titles]);
  if (changes.length === 0) return <p className="s-muted">Поля не менялись.</p>;
  return (
    <dl className="s-diff__fields">
      {changes.map((change, i) => (
        <div key={`${change.label}-${i}`} className="s-diff__field">
          <dt>{change.label}</dt>
          <dd>{change.kind === "text" ? <TextChange change={change} /> : <ValueChange change={change} />}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TextChange({ change }: { change: Extract<FieldDiff, { kind: "text" }> }) {
  return (
    <p className="s-diff__words">
      {change.parts.map((part, i) =>
        part.op === "added" ? (
          <ins key={i} className="s-diff__word-added">
            <span className="s-visually-hidden">добавлено: </span>
            {part.text}
          </ins>
        ) : part.op === "removed" ? (
          <del key={i} className="s-diff__word-removed">
            <span className="s-visually-hidden">удалено: </span>
            {part.text}
          </del>
        ) : part.op === "gap" ? (
          <span key={i} className="s-diff__fold" title={`Без изменений: ${counted(part.text.length, ["знак", "знака", "знаков"])}`}>
            {" "}
            [… без изменений …]{" "}
          </span>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

function ValueChange({ change }: { change: Extract<FieldDiff, { kind: "value" }> }) {
  return (
    <>
      {change.before !== null ? (
        <del className="s-diff__before">
          <span className="s-visually-hidden">было: </span>
          {change.before}
        </del>
      ) : (
        <span className="s-muted">Было пусто</span>
      )}
      {change.after !== null ? (
        <ins className="s-diff__after">
          <span className="s-visually-hidden">стало: </span>
          {change.after}
        </ins>
      ) : (
        <span className="s-muted">Стало пусто</span>
      )}
    </>
  );
}
