import type { Route } from "./+types/position";
import { content } from "../../content/index.server.ts";
import { JobApplicationForm } from "../../forms/job-form.tsx";
import { requireEntry } from "../../lib/errors.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { jobPosting } from "../../lib/structured-data.ts";
import { useSiteConfig } from "../../lib/use-site-config.ts";
import { JsonLd } from "../../ui/json-ld.tsx";
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
  const site = useSiteConfig();
  return (
    <>
      <JsonLd
        data={jobPosting(site, {
          title: position.title,
          description: position.body,
          path: paths.position(position.slug),
          published: position.published,
          format: position.format,
          city: position.city,
          salary: position.salary,
        })}
      />
      <PageHeader title={position.title} lead={position.summary} trail={[{ to: paths.career(), label: "Карьера" }]} />
      <div className="container">
        <Prose html={position.body} />
      </div>
      <JobApplicationForm position={position.slug} title={position.title} />
    </>
  );
}
