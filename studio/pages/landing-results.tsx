import { useState } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData, useNavigate } from "react-router";
import { api, ApiFailure, signedIn } from "../api/client.ts";
import { formatDate } from "../lib/format.ts";
import type { EntryData } from "#core/studio/content-api.ts";
import type { LandingResults as Results } from "#core/studio/landings-api.ts";
import { VARIANT_LETTERS, type VariantKey } from "#core/landings/variants.ts";
import { pages } from "#core/studio/paths.ts";
import { formatNumber } from "#core/lib/format.ts";
import { Button, Cell, EmptyState, Notice, Page, Table } from "../ui/index.ts";

export function landingResultsLoader({ request, params }: LoaderFunctionArgs): Promise<Results> {
  return signedIn(request, () => api<Results>("GET", `/landings/${encodeURIComponent(params.slug ?? "")}/results`));
}

const entryHref = (slug: string) => `${pages.content}landings/${encodeURIComponent(slug)}/`;
const percent = (share: number) => `${formatNumber(Math.round(share * 1000) / 10)}\u00a0%`;

/**
 * A landing's results: per variant of its headline test, views (counted by the site's server,
 * without anyone's data), requests from its form and conversion, the probability that each is
 * best and the verdict in words; per day below. Ending the test keeps a variant as the page's
 * own first screen: an ordinary save of the landing, published like any change.
 */
export function LandingResults() {
  const results = useLoaderData() as Results;
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function keep(key: VariantKey) {
    setBusy(true);
    setFailure(null);
    try {
      const entry = await api<EntryData>("GET", `/content/landings/${encodeURIComponent(results.slug)}`);
      const chosen = results.variants.find((v) => v.key === key);
      const blocks = Array.isArray(entry.values.blocks) ? [...(entry.values.blocks as Array<Record<string, unknown>>)] : [];
      const first = blocks[0];
      if (!chosen || first?.kind !== "hero") throw new ApiFailure(422, "У лендинга нет первого экрана: сохраните его в форме");
      blocks[0] = { ...first, title: chosen.title, button: chosen.button };
      await api("PUT", `/content/landings/${encodeURIComponent(results.slug)}`, { values: { ...entry.values, blocks, variants: [] }, baseHash: entry.hash });
      navigate(entryHref(results.slug), { state: { saved: `Тест закончен: первым экраном остаётся вариант ${VARIANT_LETTERS[key]}. Опубликуйте лендинг, чтобы его видели все.` } });
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      setFailure(error.message);
    } finally {
      setBusy(false);
    }
  }

  const counted = results.variants.some((v) => v.views > 0 || v.requests > 0);
  return (
    <Page title={`Результаты: «${results.title}»`} lead="Просмотры считает сервер сайта, только у посетителей, согласившихся на аналитику; заявки — из формы лендинга. Ни адресов, ни имён.">
      <p>
        <Link to={entryHref(results.slug)}>Открыть лендинг в редакторе</Link>
      </p>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      {results.verdict ? (
        <p className="s-verdict" role="status">
          <strong>{results.verdict.text}</strong>
        </p>
      ) : (
        <p className="s-muted">Тест заголовка не идёт: добавьте варианты Б и В в разделе «Тест заголовка» формы лендинга и опубликуйте его.</p>
      )}
      {!counted ? (
        <EmptyState title="Пока ни просмотров, ни заявок">
          <p>Цифры появятся после публикации лендинга, когда его откроют посетители.</p>
        </EmptyState>
      ) : null}
      <Table caption="По вариантам" cards head={["Вариант", "Заголовок и кнопка", "Просмотры", "Заявки", "Конверсия", "Вероятность быть лучшим", ...(results.testing ? ["Действие"] : [])]}>
        {results.variants.map((v) => (
          <tr key={v.key}>
            <Cell label="Вариант" plain>
              <strong>Вариант {v.letter}</strong>
            </Cell>
            <Cell label="Заголовок и кнопка">
              {v.title ? (
                <>
                  {v.title}
                  <br />
                  <span className="s-muted">Кнопка: {v.button}</span>
                </>
              ) : (
                <span className="s-muted">больше не в тесте</span>
              )}
            </Cell>
            <Cell label="Просмотры">{formatNumber(v.views)}</Cell>
            <Cell label="Заявки">{formatNumber(v.requests)}</Cell>
            <Cell label="Конверсия">{v.views > 0 ? percent(v.conversion) : "—"}</Cell>
            <Cell label="Вероятность быть лучшим">{results.verdict ? percent(v.best) : "—"}</Cell>
            {results.testing ? (
              <Cell label="Действие">
                {v.title ? (
                  <Button variant={results.verdict?.winner === v.key ? "primary" : "quiet"} disabled={busy} onClick={() => void keep(v.key)}>
                    Оставить вариант {v.letter} и закончить тест
                  </Button>
                ) : null}
              </Cell>
            ) : null}
          </tr>
        ))}
      </Table>
      {results.days.length > 0 ? (
        <Table caption="По дням (московское время)" cards head={["День", ...results.variants.map((v) => `Вариант ${v.letter}: просмотры / заявки`)]}>
          {results.days.map((day) => (
            <tr key={day.day}>
              <Cell label="День" plain>
                {formatDate(Date.parse(`${day.day}T12:00:00+03:00`))}
              </Cell>
              {day.cells.map((c) => (
                <Cell key={c.key} label={`Вариант ${VARIANT_LETTERS[c.key]}: просмотры / заявки`}>
                  {formatNumber(c.views)} / {formatNumber(c.requests)}
                </Cell>
              ))}
            </tr>
          ))}
        </Table>
      ) : null}
    </Page>
  );
}
