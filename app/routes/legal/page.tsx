import type { Route } from "./+types/page";
import { content } from "#core/content/index.server.ts";
import { requireEntry } from "../../lib/errors.ts";
import { formatDate } from "#core/lib/format.ts";
import { pageMeta } from "../../lib/meta.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import { tableOfContents } from "#core/content/markdown.server.ts";
import { Prose } from "../../ui/prose.tsx";

/** One module for the four legal documents: the document is the first path segment. */
export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.split("/")[1];
  const doc = requireEntry(
    content().legal.find((d) => d.slug === slug),
    request,
  );
  return { doc, toc: tableOfContents(doc.body) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.doc.title, description: args.loaderData?.doc.description ?? "" });

export default function LegalPage({ loaderData: { doc, toc } }: Route.ComponentProps) {
  return (
    <article>
      <PageHeader title={doc.title}>
        <p className="page-header__meta">
          Редакция от <time dateTime={doc.revised}>{formatDate(doc.revised)}</time>
        </p>
      </PageHeader>
      <div className="container article__layout">
        {toc.length > 1 ? (
          <nav className="toc article__toc" aria-labelledby="toc-title">
            <p className="toc__title" id="toc-title">
              Содержание
            </p>
            <ol className="toc__list">
              {toc.map((entry) => (
                <li key={entry.id}>
                  <a href={`#${entry.id}`}>{entry.title}</a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <div className="article__body">
          <Prose html={doc.body} />
        </div>
      </div>
    </article>
  );
}
