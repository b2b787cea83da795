import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { PreviewResults, SearchResultsPreview } from "#core/search/log.ts";
import { counted } from "#core/lib/format.ts";
import { api, ApiFailure } from "../api/client.ts";
import { Button, TextField } from "../ui/index.ts";
import "./query-results.css";

/**
 * «Что найдёт запрос»: a query's results on the site now, beside its results
 * after the next publication, when the synonyms, the glossary and the pinned
 * pages as saved take effect (server/studio/search-preview.ts). A query is
 * typed here or brought from a row of «Поиск по сайту» (`query`).
 */
export function QueryResults({ query, pinHref }: { query: string; pinHref: (query: string) => string }) {
  const id = useId();
  const [typed, setTyped] = useState(query);
  const [asked, setAsked] = useState(query);
  const [answer, setAnswer] = useState<SearchResultsPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [seen, setSeen] = useState(query);
  if (seen !== query) {
    setSeen(query);
    setTyped(query);
    setAsked(query);
    setFailure(null);
    setError(null);
  }
  useEffect(() => {
    if (!asked) return;
    let live = true;
    api<SearchResultsPreview>("GET", `/search-log/results?q=${encodeURIComponent(asked)}`)
      .then((result) => {
        if (!live) return;
        setAnswer(result);
        heading.current?.focus();
      })
      .catch((reason: unknown) => {
        if (!live) return;
        setAnswer(null);
        if (reason instanceof ApiFailure && reason.errors.q) setError(reason.errors.q);
        else setFailure(reason instanceof Error ? reason.message : "Не удалось получить результаты");
      });
    return () => {
      live = false;
    };
  }, [asked]);
  return (
    <section className="s-section" aria-labelledby={`${id}-h`}>
      <h2 className="s-section__title" id={`${id}-h`}>
        Что найдёт запрос
      </h2>
      <form
        className="s-form s-form--filters"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const query = typed.trim();
          if (!/[\p{L}\p{N}]/u.test(query)) return setError("Напишите запрос, как его вводят посетители");
          setError(null);
          setFailure(null);
          setAsked(query);
        }}
      >
        <TextField label="Запрос" name="check" value={typed} maxLength={100} error={error} hint="Как его вводят посетители сайта" onChange={(event) => setTyped(event.target.value)} />
        <Button type="submit" variant="primary">
          Показать результаты
        </Button>
      </form>
      {failure ? (
        <p className="s-field__error" role="alert">
          {failure}
        </p>
      ) : null}
      {answer ? (
        <div className="s-query-results">
          <h3 className="s-visually-hidden" tabIndex={-1} ref={heading}>
            Результаты запроса «{answer.query}»
          </h3>
          <ResultColumn title={"Сейчас на\u00a0сайте"} results={answer.now} />
          <ResultColumn title="После публикации" results={answer.next} hint={"Синонимы, словарь и\u00a0закреплённые страницы — как сохранены; тексты страниц — как на\u00a0сайте"} />
          <p>
            <Link to={pinHref(answer.query)}>Закрепить страницу для этого запроса</Link>
          </p>
        </div>
      ) : null}
    </section>
  );
}

function ResultColumn({ title, results, hint }: { title: string; results: PreviewResults; hint?: string }) {
  return (
    <div className="s-query-results__column">
      <h3 className="s-query-results__title">{title}</h3>
      {hint ? <p className="s-field__hint">{hint}</p> : null}
      <p className="s-muted">
        {results.total === 0 ? "Ничего не\u00a0найдено" : `Найдено ${counted(results.total, ["страница", "страницы", "страниц"])}`}
        {results.switched ? ` (как «${results.switched}» в\u00a0другой раскладке)` : ""}
      </p>
      {results.hits.length > 0 ? (
        <ol className="s-query-results__list">
          {results.hits.map((hit) => (
            <li key={hit.url}>
              <a href={hit.url} target="_blank" rel="noreferrer">
                {hit.title}
              </a>{" "}
              <span className="s-muted">{hit.url}</span>
              {hit.pinned ? <strong className="s-query-results__pin"> закреплена</strong> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
