import type { Route } from "./+types/page";
import { content } from "../../content/index.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { PageHeader } from "../../ui/page-header.tsx";

export function loader({ request }: Route.LoaderArgs) {
  return { page: content().pages.search, query: new URL(request.url).searchParams.get("q") ?? "" };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description ?? "" });

export default function SearchPage({ loaderData: { page, query } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="Поиск" />
      <form className="container search-form" method="get" role="search">
        <label htmlFor="search-q">Что вы ищете?</label>
        <input id="search-q" type="search" name="q" defaultValue={query} />
        <button type="submit" className="button button--primary">
          Найти
        </button>
      </form>
    </>
  );
}
