import { useEffect, useState } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import type { UnpublishedList } from "#core/studio/content-api.ts";
import type { PublishJobView } from "#core/studio/api.ts";
import { isEditableType, SINGLE, typeInfo } from "#core/content/catalog.ts";
import { contentHref } from "../../content/paths.ts";
import { lifeLabel } from "../../content/life.ts";
import { Button, DayField, EmptyState, Notice, Table, TextField, useFocusFirstError } from "../../ui/index.ts";
import type { ReleasesResult } from "./actions.ts";

type Change = UnpublishedList["changes"][number];

/** Tomorrow at 10:00, Moscow time, as a date-time field's value. */
function defaultMoment(): string {
  const day = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Moscow" }).format(Date.now() + 86_400_000);
  return `${day}T10:00`;
}

/** One row per entry: the redirect tables are two files and one entry. */
function entriesOf(changes: UnpublishedList["changes"]): Change[] {
  const seen = new Set<string>();
  return changes.filter((c) => !seen.has(c.key) && seen.add(c.key));
}

/**
 * «Ждут публикации»: what is saved and not on the site, each entry with its
 * state; the chosen ones become one publication with a name, now or at a
 * moment (Moscow time). Nothing that is not chosen goes live (decision 030).
 */
export function PublishSet({ changes, onJob }: UnpublishedList & { onJob(job: PublishJobView): void }) {
  const fetcher = useFetcher();
  const result = fetcher.data as ReleasesResult | undefined;
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  // Entries chosen in a content list come ticked (?choose=type/slug, one per entry).
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(params.getAll("choose").filter((key) => changes.some((c) => c.key === key))));
  const errors = result && !result.ok ? result.errors : {};
  useFocusFirstError(form, result && !result.ok ? result.errors : undefined);
  useEffect(() => {
    if (result?.job && fetcher.state === "idle") onJob(result.job);
  }, [result, fetcher.state, onJob]);
  const rows = entriesOf(changes);
  const toggle = (key: string, on: boolean) => setChosen((current) => new Set([...current].filter((k) => k !== key).concat(on ? [key] : [])));
  return (
    <section className="s-section" aria-labelledby="unpublished">
      <h2 className="s-section__title" id="unpublished">
        Ждут публикации
      </h2>
      {rows.length === 0 ? (
        <EmptyState title={"Всё сохранённое уже на\u00a0сайте"} />
      ) : (
        <fetcher.Form method="post" className="s-form" ref={setForm} noValidate>
          <p className="s-field__hint">Отметьте, что опубликовать: остальное останется черновиками и на сайт не попадёт.</p>
          <Table caption="Сохранённые правки, которых ещё нет на сайте" hideCaption head={["", "Раздел", "Запись", "Состояние"]}>
            {rows.map((c) => (
              <tr key={c.key}>
                <td>
                  <input
                    type="checkbox"
                    name="entries"
                    value={c.key}
                    id={`choose-${c.key}`}
                    checked={chosen.has(c.key)}
                    onChange={(e) => toggle(c.key, e.target.checked)}
                    aria-label={`Выбрать: ${c.title}`}
                  />
                </td>
                <td>{isEditableType(c.type) ? typeInfo(c.type).title : c.type}</td>
                <td>{c.change !== "deleted" ? <Link to={c.slug && c.slug !== SINGLE ? contentHref(c.type, c.slug) : contentHref(c.type)}>{c.title}</Link> : c.title}</td>
                <td>
                  {lifeLabel(c.life)}
                </td>
              </tr>
            ))}
          </Table>
          {errors.entries ? (
            <p className="s-field__error" role="alert">
              {errors.entries}
            </p>
          ) : null}
          <TextField
            label="Название публикации"
            name="message"
            maxLength={200}
            required
            hint="Коротко, для истории публикаций: «Новая статья про ASO», «Исправлены цены»."
            error={errors.message ?? null}
          />
          {result && !result.ok && result.needed ? (
            <div className="s-problems" role="region" aria-label="Что нужно опубликовать вместе">
              <p>{result.message}</p>
              <ul>
                {result.needed.map((n) => (
                  <li key={n.key}>
                    {n.title}: {n.because}
                  </li>
                ))}
              </ul>
              <input type="hidden" name="withNeeded" value="1" />
              <Button type="submit" name="intent" value={result.intent} variant="primary" busy={fetcher.state !== "idle"}>
                {result.intent === "schedule" ? "Запланировать вместе" : "Опубликовать вместе"}
              </Button>
            </div>
          ) : null}
          <div className="s-actions">
            <Button type="submit" name="intent" value="publish" variant="primary" busy={fetcher.state !== "idle"}>
              Опубликовать выбранное
            </Button>
          </div>
          <DayField label="Когда (московское время)" name="at" moment defaultValue={defaultMoment()} hint="Например 29.11.2026 10:00" error={errors.at ?? null} />
          <div className="s-actions">
            <Button type="submit" name="intent" value="schedule" busy={fetcher.state !== "idle"}>
              Запланировать выбранное
            </Button>
          </div>
          {result?.ok && result.intent === "schedule" ? <Notice tone="success">{result.message}</Notice> : null}
        </fetcher.Form>
      )}
    </section>
  );
}
