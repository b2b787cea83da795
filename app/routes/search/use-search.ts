import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { useAppNavigate } from "../../lib/navigate.ts";
import { paths } from "#core/lib/paths.ts";
import { keepRecent } from "#core/search/recent.ts";
import { reportSearch } from "./report.ts";
import type { SearchArrival } from "../../chrome/search-entry.tsx";
import { isSearchKind, type SearchKind } from "#core/search/kinds.ts";
import type { SearchHit, SearchOutcome } from "#core/search/engine.ts";

/** Results follow typing after this pause. */
const DEBOUNCE_MS = 200;
/**
 * Typing after a longer pause starts a new history entry; quicker edits
 * replace the current one. So Back returns to the query the visitor stopped
 * to read, not to every prefix typed on the way.
 */
const HISTORY_PAUSE_MS = 1500;
/** How long a committed query waits for its answer before the page shows it as pending. */
const ANSWER_WAIT_MS = 150;
/** Results shown at first and per "Показать ещё": each needs its record (~2 KB), so few at first. */
export const PAGE_SIZE = 6;

/** What the page shows for one query and kind. */
export type Shown =
  | {
      key: string;
      query: string;
      kind: SearchKind | null;
      outcome: SearchOutcome;
      hits: SearchHit[];
      /** Matches within the kind, where `outcome.results` holds only those shown (the server's answer, search.server.ts). */
      matches?: number;
    }
  | { key: string; query: string; kind: SearchKind | null; failed: true };

/** The engine is its own chunk: fetched on the first search, never by other pages. */
const engine = () => import("./search-engine.ts");

/** While the visitor types: the engine and the index chunks of the words so far (a failure shows later). */
function preload(query: string): void {
  if (!query) return;
  void engine()
    .then((e) => e.preload(query))
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
const answerKey = (query: string, kind: SearchKind | null) => `${kind ?? ""}|${query}`;

/** The first results of a query, kept for the page; a failure is shown, not kept (the next visit tries again). */
async function answer(query: string, kind: SearchKind | null): Promise<Shown> {
  const key = answerKey(query, kind);
  try {
    const { search, loadHits } = await engine();
    const outcome = await search(query, kind);
    return remember({ key, query, kind, outcome, hits: await loadHits(outcome, 0, PAGE_SIZE) });
  } catch (error) {
    console.error("search failed", error);
    return { key, query, kind, failed: true };
  }
}

/** The next page of a query's results, kept with the first; a failure leaves the shown results as they are. */
async function more(shown: Extract<Shown, { outcome: unknown }>): Promise<Shown | null> {
  try {
    const { loadHits } = await engine();
    const from = shown.hits.length;
    const hits = await loadHits(shown.outcome, from, from + PAGE_SIZE);
    return remember({ ...shown, hits: [...shown.hits, ...hits] });
  } catch (error) {
    console.error("search: more results failed", error);
    return null;
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
  const key = answerKey(query, kind);
  const typed = useTypedQuery(query);
  const [latest, setLatest] = useState<Shown | null>(null);
  const shown = latest?.key === key ? latest : (answers.get(key) ?? latest);
  const [loadingMore, setLoadingMore] = useState(false);

  const pending = query !== "" && shown?.key !== key;
  // Not answered yet (the answer took longer than a commit waits, or came by Back or a link).
  useEffect(() => {
    if (!pending) return;
    let current = true;
    void answer(query, kind).then((answered) => {
      if (current) setLatest(answered);
    });
    return () => {
      current = false;
    };
  }, [pending, key, query, kind]);

  // The query the visitor stopped at is counted for «Поиск по сайту», not every prefix typed on the way.
  useEffect(() => {
    if (!shown || "failed" in shown || shown.key !== key) return;
    const timer = setTimeout(() => reportSearch(shown.query, shown.outcome.total), HISTORY_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [shown, key]);

  const showMore = useCallback(() => {
    if (!shown || "failed" in shown) return;
    setLoadingMore(true);
    void more(shown)
      .then((next) => {
        if (next) setLatest(next);
      })
      .finally(() => setLoadingMore(false));
  }, [shown, setLatest]);

  return {
    ...typed,
    query,
    kind,
    /** What is on screen; from an earlier query while the current one loads (`pending`). */
    shown: query ? shown : null,
    pending,
    loadingMore,
    showMore,
  };
}

/**
 * The search field and the address: what is typed goes into the address
 * (debounced, one history entry per pause), and an address changed by Back,
 * Forward or a link goes into the field.
 */
function useTypedQuery(query: string) {
  const navigate = useAppNavigate();
  const location = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  /** The query last committed (typed or submitted), and the one last put in the address. */
  const written = useRef(query);
  const navigated = useRef(query);
  const lastCommit = useRef(0);
  const commits = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Back, Forward or a link changed the query: the field shows it. Our own
  // navigations are skipped (this effect may run after the visitor typed on),
  // so a query still being typed is never overwritten.
  useEffect(() => {
    if (query === navigated.current) return;
    navigated.current = query;
    written.current = query;
    if (inputRef.current) inputRef.current.value = query;
  }, [query]);

  useEffect(() => {
    if ((location.state as SearchArrival | null)?.focusSearch) inputRef.current?.focus();
  }, [location.state]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = useCallback(
    (value: string, explicit: boolean) => {
      clearTimeout(timer.current);
      const next = value.trim();
      // Against what was last written, not the rendered query: Enter right after the debounced
      // commit, before the page has caught up, must not add the same query to history twice.
      // An entry confirmed with Enter is kept: the next typing starts an entry of its own, however
      // soon (a fresh-clone run lost «маркетинга» to «python» typed within the pause, then Back).
      if (next === written.current) {
        if (explicit) lastCommit.current = 0;
        return;
      }
      const now = Date.now();
      const replace = !explicit && query !== "" && now - lastCommit.current < HISTORY_PAUSE_MS;
      lastCommit.current = explicit ? 0 : now;
      written.current = next;
      const commitNumber = ++commits.current;
      // The address changes once the answer is ready (up to a short wait), so the page shows
      // the new query and its results in one render instead of a pending state first.
      // A new query starts over in every kind.
      void Promise.race([next ? answer(next, null) : null, wait(ANSWER_WAIT_MS)]).then(() => {
        // A later commit (the visitor typed on) or Back while waiting has the last word.
        if (commitNumber !== commits.current || written.current !== next) return;
        navigated.current = next;
        void navigate(paths.search(next), { replace, preventScrollReset: true });
      });
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

  return { inputRef, onInput, onSubmit, onFocus };
}
