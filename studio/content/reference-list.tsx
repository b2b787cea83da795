import { Link } from "react-router";
import type { Reference } from "#core/studio/content-api.ts";
import { contentHref } from "./paths.ts";

/** Where a place names the entry: a field, or a link inside a text. */
const where = (ref: Reference) => (ref.kind === "link" ? `ссылка в\u00a0тексте «${ref.field}»` : `поле «${ref.field}»`);

/**
 * Where other content names an entry, with links to each place. A rename
 * changes them all in the same save (`follows`); before a delete the person
 * fixes them.
 */
export function ReferenceList({ references, action, follows = false }: { references: Reference[] | null; action: string; follows?: boolean }) {
  if (references === null) return <p className="s-field__hint">Проверяем, где на запись ссылаются…</p>;
  if (references.length === 0) return <p className="s-field__hint">Другие материалы на эту запись не ссылаются.</p>;
  return (
    <div className={follows ? "s-section" : "s-problems"} role="region" aria-label="Где на запись ссылаются">
      <p>
        На эту запись ссылаются ({references.length}).{" "}
        {follows ? `При ${action} все эти ссылки поменяются на\u00a0новый адрес:` : `После ${action} исправьте ссылки, иначе сайт не\u00a0опубликуется:`}
      </p>
      <ul>
        {references.map((ref) => (
          <li key={`${ref.type}/${ref.slug}/${ref.kind ?? "field"}/${ref.field}/${ref.title}`}>
            <Link to={contentHref(ref.type, ref.slug === "-" ? undefined : ref.slug)}>{ref.title}</Link> — {where(ref)}
          </li>
        ))}
      </ul>
    </div>
  );
}
