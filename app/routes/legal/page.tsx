import type { Route } from "./+types/page";
import { content } from "../../content/index.server.ts";
import { requireEntry } from "../../lib/errors.ts";
import { formatDate } from "../../lib/format.ts";
import { pageMeta } from "../../lib/meta.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import { Prose } from "../../ui/prose.tsx";

/** One module for the four legal documents: the document is the first path segment. */
export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.split("/")[1];
  const doc = requireEntry(
    content().legal.find((d) => d.slug === slug),
    request,
  );
  return { doc };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.doc.title, description: args.loaderData?.doc.description ?? "" });

export default function LegalPage({ loaderData: { doc } }: Route.ComponentProps) {
  return (
    <article>
      <PageHeader title={doc.title}>
        <p className="page-header__meta">
          Редакция от <time dateTime={doc.revised}>{formatDate(doc.revised)}</time>
        </p>
      </PageHeader>
      <div className="container">
        <Prose html={doc.body} />
      </div>
    </article>
  );
}
