import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import type { UnpublishedList } from "#core/studio/content-api.ts";
import type { PublishJobView } from "#core/studio/api.ts";
import { type EditableType, isEditableType, SINGLE, typeInfo } from "#core/content/catalog.ts";
import { contentHref } from "../../content/paths.ts";
import { lifeLabel } from "../../content/life.ts";
import { othersAmong, PendingDiff, saverText } from "../../content/pending-change.tsx";
import { useSession } from "../../shell/session.ts";
import { Button, DayField, EmptyState, Notice, Table, TextField, useFocusFirstError } from "../../ui/index.ts";
import type { ReleasesResult } from "./actions.ts";
import { moscowDay } from "#core/lib/moscow-time.ts";

type Change = UnpublishedList["changes"][number];

/** Tomorrow at 10:00, Moscow time, as a date-time field's value. */
function defaultMoment(): string {
  const day = moscowDay(Date.now() + 86_400_000);
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
  // Once planned, the chosen rows are not chosen any more: a second click must not plan (or publish) them again.
  const [planned, setPlanned] = useState<unknown>(null);
  if (result?.ok && result.intent === "schedule" && fetcher.state === "idle" && planned !== result) {
    setPlanned(result);
    setChosen(new Set());
  }
  const rows = entriesOf(changes);
  const toggle = (key: string, on: boolean) => setChosen((current) => new Set([...current].filter((k) => k !== key).concat(on ? [key] : [])));
  // A colleague's saved change goes live only once the person has said yes to it by name.
  const me = useSession().user.login;
  const others = rows.filter((c) => chosen.has(c.key) && othersAmong(c.savers, me).length > 0);
  const [asking, setAsking] = useState<string | null>(null);
  const confirmed = useRef(false);
  return (
    <section className="s-section" aria-labelledby="unpublished">
      <h2 className="s-section__title" id="unpublished">
        Ждут публикации
      </h2>
      {rows.length === 0 ? (
        <EmptyState title={"Всё сохранённое уже на\u00a0сайте"} />
      ) : (
        <fetcher.Form
          method="post"
          className="s-form"
          ref={setForm}
          noValidate
          onSubmit={(event) => {
            const intent = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value ?? "publish";
            if (others.length > 0 && !confirmed.current) {
              event.preventDefault();
              setAsking(intent);
              requestAnimationFrame(() => document.getElementById("others-title")?.focus());
              return;
            }
            confirmed.current = false;
            setAsking(null);
          }}
        >
          <p className="s-field__hint">Отметьте, что опубликовать: остальное останется черновиками и на сайт не попадёт.</p>
          <ChangesTable rows={rows} chosen={chosen} toggle={toggle} />
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
          {result && !result.ok && result.needed ? <NeededTogether result={result} needed={result.needed} busy={fetcher.state !== "idle"} /> : null}
          {asking && others.length > 0 ? (
            <OthersChanges asking={asking} others={others} me={me} busy={fetcher.state !== "idle"} onYes={() => (confirmed.current = true)} onCancel={() => setAsking(null)} />
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

/** The saved changes, one row per entry, each with its box to choose it. */
function ChangesTable({ rows, chosen, toggle }: { rows: Change[]; chosen: ReadonlySet<string>; toggle(key: string, on: boolean): void }) {
  return (
    <Table caption="Сохранённые правки, которых ещё нет на сайте" hideCaption head={["", "Раздел", "Запись", "Состояние", "Сохранено"]}>
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
          <td>
            {c.change !== "deleted" ? <Link to={c.slug && c.slug !== SINGLE ? contentHref(c.type, c.slug) : contentHref(c.type)}>{c.title}</Link> : c.title}
            {isEditableType(c.type) ? <PendingDiff type={c.type as EditableType} slug={c.slug ?? SINGLE} label={c.title} /> : null}
          </td>
          <td>
            {lifeLabel(c.life)}
          </td>
          <td>{c.savers.length > 0 ? c.savers.map(saverText).join("; ") : <span className="s-muted">не в студии</span>}</td>
        </tr>
      ))}
    </Table>
  );
}

type Needed = NonNullable<ReleasesResult["needed"]>;

/** What the chosen entries need published with them, and the button that takes it too. */
function NeededTogether({ result, needed, busy }: { result: ReleasesResult; needed: Needed; busy: boolean }) {
  return (
    <div className="s-problems" role="region" aria-label="Что нужно опубликовать вместе">
      <p>{result.message}</p>
      <ul>
        {needed.map((n) => (
          <li key={n.key}>
            {n.title}: {n.because}
          </li>
        ))}
      </ul>
      <input type="hidden" name="withNeeded" value="1" />
      <Button type="submit" name="intent" value={result.intent} variant="primary" busy={busy}>
        {result.intent === "schedule" ? "Запланировать вместе" : "Опубликовать вместе"}
      </Button>
    </div>
  );
}

/** Colleagues' saved changes among the chosen: published only once the person says yes to them by name. */
function OthersChanges({ asking, others, me, busy, onYes, onCancel }: { asking: string; others: Change[]; me: string; busy: boolean; onYes(): void; onCancel(): void }) {
  return (
    <div className="s-problems" role="region" aria-labelledby="others-title">
      <p id="others-title" tabIndex={-1}>
        Среди выбранного есть правки, которые сохранили не вы. {asking === "schedule" ? "Запланировать" : "Опубликовать"} и их?
      </p>
      <ul>
        {others.map((c) => (
          <li key={c.key}>
            «{c.title}»: {othersAmong(c.savers, me).map(saverText).join("; ")}
          </li>
        ))}
      </ul>
      <div className="s-actions">
        <Button type="submit" name="intent" value={asking} variant="primary" onClick={onYes} busy={busy}>
          {asking === "schedule" ? "Да, запланировать и их" : "Да, опубликовать и их"}
        </Button>
        <Button variant="quiet" onClick={onCancel}>
          Отмена
        </Button>
      </div>
    </div>
  );
}
