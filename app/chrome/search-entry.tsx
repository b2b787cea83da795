import { type MouseEvent, useEffect } from "react";
import { useAppNavigate } from "../lib/navigate.ts";
import { paths } from "#core/lib/paths.ts";
import { AppLink } from "../ui/app-link.tsx";
import { Icon } from "../ui/icon.tsx";

/** Id of the query field on /search/; the shortcut focuses it when it is on the page. */
export const SEARCH_INPUT_ID = "search-q";

/** Navigation state that asks /search/ to focus its field on arrival. */
export type SearchArrival = { focusSearch: true };
const ARRIVAL: SearchArrival = { focusSearch: true };

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/** `/` outside text fields, or Ctrl+K / ⌘K anywhere. By key position, so a Russian layout works too. */
function isSearchShortcut(event: KeyboardEvent): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.code === "KeyK") return true;
  const slash = event.key === "/" || event.code === "Slash";
  return slash && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.target);
}

function focusSearchField(): boolean {
  const field = document.getElementById(SEARCH_INPUT_ID);
  if (!(field instanceof HTMLInputElement)) return false;
  field.focus();
  field.select();
  return true;
}

/**
 * The header's way into search: a link to /search/ (works without
 * JavaScript) and the `/` and Ctrl+K shortcuts. It carries no search code:
 * the engine and the index load on /search/ only, once the visitor searches.
 */
export function SearchEntry() {
  const navigate = useAppNavigate();

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || !isSearchShortcut(event)) return;
      event.preventDefault();
      if (!focusSearchField()) void navigate(paths.search(), { state: ARRIVAL });
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [navigate]);

  // Already on /search/: the link would only clear the query, so it moves focus instead.
  function onClick(event: MouseEvent) {
    const newTab = event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
    if (!newTab && focusSearchField()) event.preventDefault();
  }

  return (
    <AppLink
      className="site-header__search"
      to={paths.search()}
      state={ARRIVAL}
      onClick={onClick}
      aria-label="Поиск по сайту"
      aria-keyshortcuts="/ Control+K"
      title="Поиск по сайту (/ или Ctrl+K)"
    >
      <Icon icon="search" size={22} />
    </AppLink>
  );
}
