import type { Route } from "./+types/entry";
import { content } from "../../content/index.server.ts";
import { requireEntry, validateFailed } from "../../lib/errors.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import { Prose } from "../../ui/prose.tsx";

/** Validate rule: card ∈ {cases, reviews} and an entry of that card with the slug. */
export function loader({ params, request }: Route.LoaderArgs) {
  const c = content();
  if (params.card === "cases") {
    const entry = requireEntry(
      c.cases.find((p) => p.slug === params.slug),
      request,
    );
    return { kind: "case" as const, title: entry.title, description: entry.description, html: [entry.task, entry.solution, entry.body].join("") };
  }
  if (params.card === "reviews") {
    const entry = requireEntry(
      c.reviews.find((r) => r.slug === params.slug),
      request,
    );
    return { kind: "review" as const, title: entry.title, description: entry.description, html: entry.body };
  }
  throw validateFailed(request);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.title, description: args.loaderData?.description ?? "" });

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  return (
    <article>
      <PageHeader title={loaderData.title} trail={[{ to: paths.projects(), label: "Проекты" }]} />
      <div className="container">
        <Prose html={loaderData.html} />
      </div>
    </article>
  );
}
