import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";

/** What «Медиа»'s address holds: the search, the filter, the type and the page. */
export const MEDIA_PARAMS = ["q", "filter", "type", "page"] as const;

/**
 * «Медиа»'s address as its state: `ask` changes the search, a filter or the page (a new search or
 * filter starts from the first page in place of the history entry; another page is a new entry,
 * which «Назад» undoes). The search box is asked of the server once typing pauses, and follows the address when
 * it changes by itself (back, forward, a link) instead of asking its old text again over it.
 */
export function useMediaSearch() {
  const [params, setParams] = useSearchParams();
  const urlQuery = params.get("q") ?? "";
  const [query, setQuery] = useState(urlQuery);
  /** The search this page last put in the address: another one there came from elsewhere. */
  const asked = useRef(urlQuery);

  function ask(changes: Partial<Record<(typeof MEDIA_PARAMS)[number], string>>) {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    if ("q" in changes) asked.current = changes.q ?? "";
    if (!("page" in changes)) next.delete("page");
    setParams(next, { replace: !("page" in changes) });
  }

  useEffect(() => {
    if (query.trim() === urlQuery) return;
    const timer = setTimeout(() => ask({ q: query.trim() }), 300);
    return () => clearTimeout(timer);
  });

  useEffect(() => {
    if (urlQuery === asked.current) return;
    asked.current = urlQuery;
    setQuery(urlQuery);
  }, [urlQuery]);

  const filtered = Boolean(params.get("q") || params.get("filter") || params.get("type"));
  return { params, query, setQuery, ask, filtered };
}
