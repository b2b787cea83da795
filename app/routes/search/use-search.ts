import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { useAppNavigate } from "../../lib/navigate.ts";
import { paths } from "../../lib/paths.ts";
import { keepRecent } from "./recent.ts";
import type { SearchArrival } from "../../site/search-entry.tsx";
import { isSearchKind, type SearchKind } from "./kinds.ts";
import type { SearchHit, SearchOutcome } from "./search-engine.ts";

/** Results follow typing after this pause. */
const DEBOUNCE_MS = 200;
/**
 * Typing after a longer pause starts a new history entry; quicker edits
 * replace the current one. So Back returns to the query the visitor stopped
 * to read, not to every prefix typed on the way.
 */
const HISTORY_PAUSE_MS = 1500;
/** Results shown at first and per "Показать ещё": each needs its record (~2 KB), so few at first. */
export const PAGE_SIZE = 6;

/** What the page shows for one query and kind. */
export type Shown =
  | { key: string; query: string; kind: SearchKind | null; outcome: SearchOutcome; hits: SearchHit[] }
  | { key: string; query: string; kind: SearchKind | null; failed: true };

/** The engine is its own chunk: fetched on the first search, never by other pages. */
const engine = () => import("./search-engine.ts");

/**
 * Fetches what a query will need (engine, index, with `hits` its first
 * results) ahead of its answer; a failure shows later, when the answer is asked for.
 */
function preload(query: string, hits = 0): void {
  if (!query) return;
  void engine()
    .then((e) => e.preload(query, hits))
    .catch(() => {});
}

/**
 * Answers already shown in this tab. Coming Back from a result renders its
 * answer at once, so the browser can restore the scroll position (results
 * arriving after mount would find the page too short to scroll back into).
 */
const answers = new Map<string, Shown>();
const ANSWERS_KEPT = 20;

const remember = (answer: Shown): Shown => keepRecent(answers, answer.key, answer, ANSWERS_KEPT);

/**
 * The search page's state. The URL (`?q=…&type=…`) is the source of truth
 * for results: typing updates it (debounced), Back and links change it, and
 * results always answer what the URL says.
 */
export function useSearch() {
  const [params] = useSearchParams();
  const query = (params.get("q") ?? "").trim();
  const typeParam = params.get("type");
  const kind = isSearchKind(typeParam) ? typeParam : null;
  const key = `${kind ?? ""}|${query}`;
  const navigate = useAppNavigate();
  const location = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  const written = useRef(query);
  const lastCommit = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [latest, setLatest] = useState<Shown | null>(null);
  const shown = latest?.key === key ? latest : (answers.get(key) ?? latest);
  const [loadingMore, setLoadingMore] = useState(false);

  // Back, Forward or a link changed the query: the field shows it. Our own
  // updates are skipped so a query still being typed is never overwritten.
  useEffect(() => {
    if (inputRef.current && query !== written.current) inputRef.current.value = query;
    written.current = query;
  }, [query]);

  useEffect(() => {
    if ((location.state as SearchArrival | null)?.focusSearch) inputRef.current?.focus();
  }, [location.state]);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!query || answers.has(key)) return;
    let current = true;
    (async () => {
      try {
        const { search, loadHits } = await engine();
        const outcome = await search(query, kind);
        const hits = await loadHits(outcome, 0, PAGE_SIZE);
        if (current) setLatest(remember({ key, query, kind, outcome, hits }));
      } catch (error) {
        console.error("search failed", error);
        if (current) setLatest({ key, query, kind, failed: true });
      }
    })();
    return () => {
      current = false;
    };
  }, [key, query, kind]);

  const commit = useCallback(
    (value: string, explicit: boolean) => {
      clearTimeout(timer.current);
      const next = value.trim();
      // Against what was last written, not the rendered query: Enter right after the debounced
      // commit, before the page has caught up, must not add the same query to history twice.
      if (next === written.current) return;
      const now = Date.now();
      const replace = !explicit && query !== "" && now - lastCommit.current < HISTORY_PAUSE_MS;
      lastCommit.current = now;
      written.current = next;
      // The answer is fetched while the page updates to the new address (a new query shows every kind).
      preload(next, PAGE_SIZE);
      // A new query starts over in every kind.
      void navigate(paths.search(next), { replace, preventScrollReset: true });
    },
    [navigate, query],
  );

  const onInput = useCallback(
    (event: FormEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => commit(value, false), DEBOUNCE_MS);
      // The debounce is time the index can use.
      preload(value.trim());
    },
    [commit],
  );

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      commit(inputRef.current?.value ?? "", true);
    },
    [commit],
  );

  /** Focusing the field is the start of a search: fetch the engine while the visitor types. */
  const onFocus = useCallback(() => {
    void engine()
      .then((e) => e.loadEngine())
      .catch(() => {});
  }, []);

  const showMore = useCallback(async () => {
    if (!shown || "failed" in shown) return;
    setLoadingMore(true);
    try {
      const { loadHits } = await engine();
      const from = shown.hits.length;
      const more = await loadHits(shown.outcome, from, from + PAGE_SIZE);
      setLatest(remember({ ...shown, hits: [...shown.hits, ...more] }));
    } catch (error) {
      console.error("search: more results failed", error);
    } finally {
      setLoadingMore(false);
    }
  }, [shown]);

  return {
    inputRef,
    query,
    kind,
    /** What is on screen; from an earlier query while the current one loads (`pending`). */
    shown: query ? shown : null,
    pending: query !== "" && shown?.key !== key,
    loadingMore,
    onInput,
    onSubmit,
    onFocus,
    showMore,
  };
}
