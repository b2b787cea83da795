import type { Route } from "./+types/seo";
import { pageMeta } from "../../lib/meta.ts";
import { loadService } from "./service.server.ts";
import { DedicatedServiceView } from "./dedicated-view.tsx";

export function loader({ request }: Route.LoaderArgs) {
  return loadService("seo", request);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.service.title, description: args.loaderData?.service.description ?? "" });

export default function DedicatedServicePage({ loaderData }: Route.ComponentProps) {
  return <DedicatedServiceView {...loaderData} />;
}
