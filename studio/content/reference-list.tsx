import { Link } from "react-router";
import type { Reference } from "#core/studio/content-api.ts";
import { contentHref } from "./paths.ts";

/** Where other content names an entry, with links to fix each place. */
export function ReferenceList({ references, action }: { references: Reference[] | null; action: string }) {
  if (references === null) return <p className="s-field__hint">Проверяем, где на запись ссылаются…</p>;
  if (references.length === 0) return <p className="s-field__hint">Другие материалы на эту запись не ссылаются.</p>;
  return (
    <div className="s-problems">
      <p>На эту запись ссылаются ({references.length}). После {action} исправьте ссылки, иначе сайт не опубликуется:</p>
      <ul>
        {references.map((ref) => (
          <li key={`${ref.type}/${ref.slug}/${ref.field}/${ref.title}`}>
            <Link to={contentHref(ref.type, ref.slug === "-" ? undefined : ref.slug)}>{ref.title}</Link> — поле «{ref.field}»
          </li>
        ))}
      </ul>
    </div>
  );
}
