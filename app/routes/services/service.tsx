import type { Route } from "./+types/service";
import { pageMeta } from "../../lib/meta.ts";
import { loadService } from "./service.server.ts";
import { ServiceView } from "./service-view.tsx";

export function loader({ params, request }: Route.LoaderArgs) {
  return loadService(params.slug, request);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.service.title, description: args.loaderData?.service.description ?? "" });

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  return <ServiceView {...loaderData} />;
}
