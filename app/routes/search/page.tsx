import { useSyncExternalStore } from "react";
import type { ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/page";
import { content } from "#core/content/index.server.ts";
import { isSearchKind } from "#core/search/kinds.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "#core/lib/paths.ts";
import { SEARCH_INPUT_ID } from "../../chrome/search-entry.tsx";
import { SectionChips } from "../../chrome/section-chips.tsx";
import { Button } from "../../ui/button.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { SearchResults } from "./search-results.tsx";
import { Suggestions, type SuggestionsData } from "./suggestions.tsx";
import { firstResults } from "./search.server.ts";
import { useSearch } from "./use-search.ts";
import "./search.css";

const SUGGESTED = 4;

export async function loader({ request, context }: Route.LoaderArgs) {
  const c = content();
  const suggestions: SuggestionsData = {
    services: c.services.filter((s) => s.popular).slice(0, SUGGESTED).map(({ slug, name, summary }) => ({ slug, name, summary })),
    articles: c.articles.slice(0, SUGGESTED).map(({ slug, title, published }) => ({ slug, title, published })),
  };
  const params = new URL(request.url).searchParams;
  const type = params.get("type");
  const first = await firstResults(context, (params.get("q") ?? "").trim(), isSearchKind(type) ? type : null);
  return { page: c.pages.search, suggestions, first };
}

// The query is read from the URL in the browser; the loader's first results
// serve the first paint only (and a visitor without JavaScript), so typing never asks the server.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.page.title,
    description: args.loaderData?.page.description ?? "",
    // A page of results is not a page for search engines.
    noindex: new URLSearchParams(args.location.search).has("q"),
  });

const subscribeNothing = () => () => {};
/** False in the server's HTML and during hydration, true after. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

export default function SearchPage({ loaderData: { page, suggestions, first } }: Route.ComponentProps) {
  const { inputRef, query, kind, shown, pending, loadingMore, onInput, onSubmit, onFocus, showMore } = useSearch();
  const hydrated = useHydrated();
  // The server's results of this very query, until the page's own engine answers it.
  const served = first && first.query === query && first.kind === kind ? first : null;
  const view = shown && !pending ? shown : (served ?? shown);
  return (
    <>
      <PageHeader title={page.heading} lead={page.lead} crumb="Поиск" />
      {/* A plain GET form: without JavaScript it submits to /search/?q=… like any form. */}
      <div className="container">
        <form className="search-form" method="get" action={paths.search()} role="search" onSubmit={onSubmit}>
          <div className="field">
            <label className="field__label" htmlFor={SEARCH_INPUT_ID}>
              Что вы ищете?
            </label>
            <input
              ref={inputRef}
              id={SEARCH_INPUT_ID}
              className="input"
              type="search"
              name="q"
              defaultValue={query}
              autoComplete="off"
              enterKeyHint="search"
              onChange={onInput}
              onFocus={onFocus}
            />
          </div>
          <Button type="submit" variant="primary" icon="search">
            Найти
          </Button>
        </form>
      </div>
      {!query ? <Suggestions {...suggestions} /> : null}
      {query && (hydrated || served) ? (
        <SearchResults shown={view} pending={pending && view !== served} loadingMore={loadingMore} onMore={showMore} />
      ) : null}
      {query && !served ? (
        <noscript>
          <div className="container search-results__empty">
            <p>Результаты поиска появляются с включённым JavaScript. Пока можно открыть разделы сайта:</p>
            <SectionChips />
          </div>
          <Suggestions {...suggestions} />
        </noscript>
      ) : null}
    </>
  );
}
