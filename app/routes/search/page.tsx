import type { Route } from "./+types/page";
import { content } from "../../content/index.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { Button } from "../../ui/button.tsx";
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
      <div className="container">
        <form className="search-form" method="get" role="search">
          <div className="field">
            <label className="field__label" htmlFor="search-q">
              Что вы ищете?
            </label>
            <input className="input" id="search-q" type="search" name="q" defaultValue={query} />
          </div>
          <Button type="submit" variant="primary" icon="search">
            Найти
          </Button>
        </form>
      </div>
    </>
  );
}
