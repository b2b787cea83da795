import type { Route } from "./+types/entry";
import { content } from "../../content/index.server.ts";
import { caseCover } from "../../images/images.server.ts";
import { requireEntry, validateFailed } from "../../lib/errors.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import { Picture } from "../../ui/picture.tsx";
import { Prose } from "../../ui/prose.tsx";
import { Stat, StatList } from "../../ui/stat.tsx";

/** Validate rule: card ∈ {cases, reviews} and an entry of that card with the slug. */
export function loader({ params, request }: Route.LoaderArgs) {
  const c = content();
  if (params.card === "cases") {
    const entry = requireEntry(
      c.cases.find((p) => p.slug === params.slug),
      request,
    );
    return {
      kind: "case" as const,
      title: entry.title,
      description: entry.description,
      html: [entry.task, entry.solution, entry.body].join(""),
      cover: caseCover(entry.slug),
      results: entry.results,
    };
  }
  if (params.card === "reviews") {
    const entry = requireEntry(
      c.reviews.find((r) => r.slug === params.slug),
      request,
    );
    return { kind: "review" as const, title: entry.title, description: entry.description, html: entry.body, cover: null, results: [] };
  }
  throw validateFailed(request);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.title, description: args.loaderData?.description ?? "" });

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  return (
    <article>
      <PageHeader title={loaderData.title} trail={[{ to: paths.projects(), label: "Проекты" }]} />
      <div className="container stack stack--l">
        {loaderData.cover ? (
          <Picture image={loaderData.cover} alt="" className="case-cover" sizes="(min-width: 1440px) 1280px, 92vw" priority />
        ) : null}
        {loaderData.results.length > 0 ? (
          <StatList>
            {loaderData.results.map((m) => (
              <Stat key={m.label} {...m} />
            ))}
          </StatList>
        ) : null}
        <Prose html={loaderData.html} />
      </div>
    </article>
  );
}
