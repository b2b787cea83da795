import type { Route } from "./+types/entry";
import { content } from "#core/content/index.server.ts";
import { requireEntry, validateFailed } from "../../lib/errors.ts";
import { pageMeta } from "../../lib/meta.ts";
import { CaseView } from "./case-view.tsx";
import { caseData, reviewData } from "./entry.server.ts";
import { ReviewView } from "./review-view.tsx";

/** Validate rule: card ∈ {cases, reviews} and an entry of that card with the slug. */
export function loader({ params, request }: Route.LoaderArgs) {
  const c = content();
  if (params.card === "cases") {
    return caseData(
      requireEntry(
        c.cases.find((p) => p.slug === params.slug),
        request,
      ),
    );
  }
  if (params.card === "reviews") {
    return reviewData(
      requireEntry(
        c.reviews.find((r) => r.slug === params.slug),
        request,
      ),
    );
  }
  throw validateFailed(request);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.title,
    description: args.loaderData?.description ?? "",
    ...(args.loaderData?.kind === "case" && args.loaderData.og ? { image: args.loaderData.og } : {}),
  });

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === "case" ? <CaseView data={loaderData} /> : <ReviewView data={loaderData} />;
}
