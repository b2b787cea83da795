import { Link, useLoaderData } from "react-router";
import { type EditableType, isCollectionName, isEditableType } from "#core/content/catalog.ts";
import type { ReleaseDiff } from "#core/studio/api.ts";
import { pages } from "#core/studio/paths.ts";
import { EntryDiff } from "../../content/entry-diff.tsx";
import { contentHref, historyHref } from "../../content/paths.ts";
import { EmptyState, Page } from "../../ui/index.ts";
import { kindLabel } from "./labels.ts";

const STATUS = { added: "добавлено", changed: "изменено", removed: "удалено" } as const;

/** What one publication changed: per entry, its fields before and after with the schema's labels, the texts' changed words only. */
export function ReleaseChanges() {
  const { entries, files, options } = useLoaderData() as ReleaseDiff & { id: string };
  return (
    <Page title="Изменения публикации" lead={<Link to={pages.releases}>← Все публикации</Link>}>
      <p className="s-muted">Что изменилось по сравнению с предыдущей публикацией.</p>
      {entries.length === 0 && files.length === 0 ? <EmptyState title="Содержимое не менялось">Публикация повторила предыдущую (например, после обновления сайта).</EmptyState> : null}
      {entries.map((entry) => {
        const type = entry.type as EditableType;
        const known = isEditableType(entry.type);
        return (
          <section className="s-section s-diff" key={entry.key} aria-labelledby={`e-${entry.key}`}>
            <h2 className="s-section__title" id={`e-${entry.key}`}>
              {kindLabel(entry.type)}: {entry.status === "removed" || !known ? entry.title : <Link to={contentHref(type, isCollectionName(type) ? entry.slug : undefined)}>{entry.title}</Link>}{" "}
              <span className="s-muted">— {STATUS[entry.status]}</span>
            </h2>
            {known ? (
              <>
                <EntryDiff type={type} before={entry.before} after={entry.after} titles={options} />
                <p>
                  <Link to={historyHref(type, entry.slug)}>История версий</Link>
                </p>
              </>
            ) : null}
          </section>
        );
      })}
      {files.length > 0 ? (
        <section className="s-section" aria-labelledby="other-files">
          <h2 className="s-section__title" id="other-files">
            Изображения и другие файлы
          </h2>
          <ul>
            {files.map((file) => (
              <li key={file.path}>
                {file.path.replace(/^uploads\//, "")} — {STATUS[file.status]}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Page>
  );
}
