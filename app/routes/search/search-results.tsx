import { useEffect, useRef } from "react";
import { plural } from "#core/lib/format.ts";
import { paths } from "#core/lib/paths.ts";
import { SectionChips } from "../../chrome/section-chips.tsx";
import { AppLink } from "../../ui/app-link.tsx";
import { Button } from "../../ui/button.tsx";
import { cx } from "../../ui/class-names.ts";
import type { ExcerptPart } from "#core/search/excerpt.ts";
import { KIND_LABELS, SEARCH_KINDS, type SearchKind } from "#core/search/kinds.ts";
import type { SearchHit } from "#core/search/engine.ts";
import type { Shown } from "./use-search.ts";
import { reportFollowed } from "./report.ts";

const RESULTS = ["результат", "результата", "результатов"] as const;

function Excerpt({ parts }: { parts: ExcerptPart[] }) {
  return (
    <p className="search-hit__excerpt">
      {parts.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}
    </p>
  );
}

function Hit({ hit, onFollow }: { hit: SearchHit; onFollow: () => void }) {
  return (
    <li className="search-hit">
      <span className="search-hit__kind">{KIND_LABELS[hit.kind].one}</span>
      <h2 className="search-hit__title">
        {/* Results change as the visitor types: their pages load on hover or focus, not all on sight. */}
        <AppLink to={hit.url} prefetch="intent" onClick={onFollow}>
          {hit.title}
        </AppLink>
      </h2>
      <Excerpt parts={hit.excerpt} />
    </li>
  );
}

/** "Все" plus every kind that has matches (and the selected one, even at zero). */
function KindFilter({ query, kind, total, counts }: { query: string; kind: SearchKind | null; total: number; counts: Record<SearchKind, number> }) {
  const kinds = SEARCH_KINDS.filter((k) => counts[k] > 0 || k === kind);
  const option = (to: SearchKind | null, label: string, count: number) => (
    <li key={to ?? "all"}>
      <AppLink
        className={cx("chip search-kinds__option", kind === to && "chip--selected")}
        to={paths.search(query, to ?? undefined)}
        prefetch="none"
        replace
        preventScrollReset
        aria-current={kind === to ? "true" : undefined}
      >
        {label} <span className="search-kinds__count">{count}</span>
      </AppLink>
    </li>
  );
  return (
    <nav aria-label="Тип результата">
      <ul className="chips search-kinds">
        {option(null, "Все", total)}
        {kinds.map((k) => option(k, KIND_LABELS[k].many, counts[k]))}
      </ul>
    </nav>
  );
}

/** Results of one query: per-kind counts with a filter, then the hits, best first. */
export function SearchResults({
  shown,
  pending,
  loadingMore,
  onMore,
}: {
  shown: Shown | null;
  pending: boolean;
  loadingMore: boolean;
  onMore: () => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  const before = useRef<{ key: string; count: number } | null>(null);
  // More results of the same query: keyboard and screen reader users continue at the first new one.
  useEffect(() => {
    const count = shown && !("failed" in shown) ? shown.hits.length : 0;
    const previous = before.current;
    if (shown && previous?.key === shown.key && count > previous.count) {
      list.current?.children[previous.count]?.querySelector("a")?.focus();
    }
    before.current = shown ? { key: shown.key, count } : null;
  }, [shown]);

  let status = "Ищем…";
  let body = null;
  if (shown && "failed" in shown) {
    status = "Поиск сейчас не отвечает. Обновите страницу и попробуйте ещё раз.";
  } else if (shown && shown.outcome.total === 0) {
    status = `По запросу «${shown.query}» ничего не нашлось.`;
    body = (
      <div className="search-results__empty">
        <p>Попробуйте другие слова или загляните в разделы:</p>
        <SectionChips />
      </div>
    );
  } else if (shown) {
    const { query, kind, hits, outcome } = shown;
    const matches = shown.matches ?? outcome.results.length;
    const inKind = kind ? `, в разделе «${KIND_LABELS[kind].many}» — ${matches}` : "";
    // A query typed on the other layout is answered as it was meant, and the page says so.
    const asRead = outcome.switched ? `«${outcome.switched}» (набрано в другой раскладке: «${query}»)` : `«${query}»`;
    status = `Найдено ${outcome.total} ${plural(outcome.total, RESULTS)} по запросу ${asRead}${inKind}`;
    body = (
      <>
        <KindFilter query={query} kind={kind} total={outcome.total} counts={outcome.counts} />
        <ol className="search-results__list" ref={list}>
          {hits.map((hit, index) => (
            <Hit key={hit.url} hit={hit} onFollow={() => reportFollowed(query, hit.url, index + 1)} />
          ))}
        </ol>
        {hits.length < matches ? (
          // In the server's answer the button is in place but disabled until the page's engine takes over
          // (no shift when it does), and hidden while the page is not hydrated (search.css): without
          // JavaScript it could do nothing.
          <Button className="search-results__more" onClick={onMore} disabled={loadingMore || shown.matches !== undefined}>
            Показать ещё
          </Button>
        ) : null}
      </>
    );
  }
  return (
    <section className="search-results container" aria-label="Результаты поиска" aria-busy={pending}>
      {/* One live region for every state, so each change is announced. */}
      <p className="search-results__status" role="status">
        {status}
      </p>
      {body}
    </section>
  );
}
