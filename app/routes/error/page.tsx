import type { Route } from "./+types/page";
import { content } from "#core/content/index.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { ErrorPage } from "../../chrome/error-page.tsx";
import { ERROR_TEXTS } from "../../chrome/error-texts.ts";

/**
 * /error/ shows the error page itself with HTTP 200 (it is a page, not a
 * failure): the "server is silent" variant for 500 by default, or the variant
 * for ?status=404|4xx|5xx. It is noindex and absent from the sitemap.
 */
export function loader({ request }: Route.LoaderArgs) {
  const requested = Number(new URL(request.url).searchParams.get("status"));
  const status = Number.isInteger(requested) && requested >= 400 && requested <= 599 ? requested : 500;
  return { status, page: content().pages.error };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.status === 404 ? ERROR_TEXTS.notFoundTitle : undefined,
    description: args.loaderData?.page.description ?? "",
    noindex: true,
  });

export default function ErrorRoute({ loaderData }: Route.ComponentProps) {
  return <ErrorPage status={loaderData.status} />;
}
