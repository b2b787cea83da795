import { Link, useLoaderData } from "react-router";
import type { ReleaseDiff } from "#core/studio/api.ts";
import { pages } from "#core/studio/paths.ts";
import { EmptyState, Page } from "../../ui/index.ts";

const STATUS = { added: "добавлен", changed: "изменён", removed: "удалён" } as const;

/** What one publication changed: per file, the fields before and after, and the text's added and removed lines. */
export function ReleaseChanges() {
  const { id, files } = useLoaderData() as ReleaseDiff & { id: string };
  return (
    <Page title="Изменения публикации" lead={<Link to={pages.releases}>← Все публикации</Link>}>
      <p className="s-muted">Публикация {id}: что изменилось по сравнению с предыдущей.</p>
      {files.length === 0 ? <EmptyState title="Содержимое не менялось">Публикация повторила предыдущую (например, после обновления сайта).</EmptyState> : null}
      {files.map((file) => (
        <section className="s-section s-diff" key={file.path} aria-labelledby={`f-${file.path}`}>
          <h2 className="s-section__title" id={`f-${file.path}`}>
            {file.title ?? file.path} <span className="s-muted">— {file.path}, {STATUS[file.status]}</span>
          </h2>
          {file.fields.length > 0 ? (
            <dl className="s-diff__fields">
              {file.fields.map((change) => (
                <div key={change.field} className="s-diff__field">
                  <dt>{change.field}</dt>
                  <dd>
                    {change.before !== null ? (
                      <del className="s-diff__before">
                        <span className="s-visually-hidden">было: </span>
                        {change.before}
                      </del>
                    ) : null}
                    {change.after !== null ? (
                      <ins className="s-diff__after">
                        <span className="s-visually-hidden">стало: </span>
                        {change.after}
                      </ins>
                    ) : null}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
          {file.lines.length > 0 ? (
            <div className="s-diff__text" role="group" aria-label="Текст: удалённые и добавленные строки">
              {file.lines.map((line, i) =>
                line.kind === "gap" ? (
                  <p key={i} className="s-diff__gap">
                    …
                  </p>
                ) : line.kind === "added" ? (
                  <ins key={i} className="s-diff__line s-diff__after">
                    <span className="s-visually-hidden">добавлено: </span>
                    {line.text || "\u00a0"}
                  </ins>
                ) : line.kind === "removed" ? (
                  <del key={i} className="s-diff__line s-diff__before">
                    <span className="s-visually-hidden">удалено: </span>
                    {line.text || "\u00a0"}
                  </del>
                ) : (
                  <p key={i} className="s-diff__line">
                    {line.text || "\u00a0"}
                  </p>
                ),
              )}
            </div>
          ) : null}
        </section>
      ))}
    </Page>
  );
}
