import type { Route } from "./+types/position";
import { content } from "../../content/index.server.ts";
import { JobApplicationForm } from "../../forms/job-form.tsx";
import { requireEntry } from "../../lib/errors.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import { Prose } from "../../ui/prose.tsx";

export function loader({ params, request }: Route.LoaderArgs) {
  const position = requireEntry(
    content().positions.find((p) => p.slug === params.slug),
    request,
  );
  return { position };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.position.title, description: args.loaderData?.position.description ?? "" });

export default function PositionPage({ loaderData: { position } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={position.title} lead={position.summary} trail={[{ to: paths.career(), label: "Карьера" }]} />
      <div className="container">
        <Prose html={position.body} />
      </div>
      <JobApplicationForm position={position.slug} title={position.title} />
    </>
  );
}
