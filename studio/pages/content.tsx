import { Link, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { api, signedIn } from "../api/client.ts";
import { contentHref } from "../content/paths.ts";
import { plural } from "#core/lib/format.ts";
import type { ContentOverview, EntryList } from "#core/studio/content-api.ts";
import { pages } from "#core/studio/paths.ts";
import { TRASH_DAYS } from "#core/studio/trash-api.ts";
import { Page } from "../ui/index.ts";

/** «Контент»: every type of the site's content, and per collection its list with search and filters. */
export function contentLoader({ request }: LoaderFunctionArgs): Promise<ContentOverview> {
  return signedIn(request, () => api<ContentOverview>("GET", "/content"));
}

const KINDS = { collection: "Разделы", document: "Документы", table: "Таблицы" } as const;

export function ContentHome() {
  const { types, released } = useLoaderData() as ContentOverview;
  return (
    <Page title="Контент" lead="Всё, что есть на сайте. Сохранённое появится на сайте после публикации.">
      {!released ? <p className="s-field__hint">Сайт ещё ни разу не публиковали: все материалы считаются новыми.</p> : null}
      <p>
        <Link to={pages.trash}>Корзина</Link>: удалённые записи, их можно восстановить в течение {TRASH_DAYS} дней.
      </p>
      {(Object.keys(KINDS) as Array<keyof typeof KINDS>).map((kind) => (
        <section key={kind} className="s-section" aria-labelledby={`kind-${kind}`}>
          <h2 id={`kind-${kind}`} className="s-section__title">
            {KINDS[kind]}
          </h2>
          <ul className="s-cards">
            {types
              .filter((t) => t.kind === kind)
              .map((t) => (
                <li key={t.type} className="s-card">
                  <Link to={contentHref(t.type)} className="s-card__link">
                    {t.title}
                  </Link>
                  <span className="s-card__meta">
                    {kind === "collection" ? `${t.count} ${plural(t.count, ["запись", "записи", "записей"])}` : null}
                    {t.unpublished > 0 ? <span className="s-badge">не опубликовано: {t.unpublished}</span> : null}
                  </span>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </Page>
  );
}

export function listLoader({ request, params }: LoaderFunctionArgs): Promise<EntryList> {
  return signedIn(request, () => api<EntryList>("GET", `/content/${encodeURIComponent(params.type ?? "")}`));
}
