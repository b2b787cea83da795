import { useEffect, useState } from "react";
import { Link, useFetcher, useLoaderData, useRevalidator } from "react-router";
import { api } from "../../api/client.ts";
import { formatDateTime, isoDateTime } from "../../lib/format.ts";
import type { PublishJobView, ReleaseSummary, ScheduledView } from "#core/studio/api.ts";
import { pages } from "#core/studio/paths.ts";
import { Button, EmptyState, Notice, NoticeArea, Page, Table, TextField, useFocusFirstError } from "../../ui/index.ts";
import { PagePreview } from "../../preview/page-preview.tsx";
import { isEditableType, SINGLE, typeInfo } from "#core/content/catalog.ts";
import { contentHref } from "../../content/paths.ts";
import type { UnpublishedList } from "#core/studio/content-api.ts";
import { CHANGE_LABELS } from "../content.tsx";
import type { ReleasesLoad, ReleasesResult } from "./actions.ts";
import { changesSummary } from "./labels.ts";

/** How often the page asks how a publication is going. */
const POLL_MS = 700;

/** «Публикации»: publish what is saved, follow it, plan one for later, look back, roll back. */
export function Releases() {
  const data = useLoaderData() as ReleasesLoad;
  const [notice, setNotice] = useState<ReleasesResult | null>(null);
  return (
    <Page title="Публикации" lead="Сохранённые правки попадают на сайт, когда их публикуют. Время московское.">
      <NoticeArea>{notice ? <Notice tone={notice.ok ? "success" : "error"}>{notice.message}</Notice> : null}</NoticeArea>
      <Unpublished changes={data.changes} />
      <PagePreview />
      <PublishNow initial={data.job} announce={setNotice} />
      <Schedule scheduled={data.scheduled} announce={setNotice} />
      <History live={data.live} releases={data.releases} announce={setNotice} />
    </Page>
  );
}

/** What is saved and not yet on the site: what «Опубликовать» will bring, each with a link to its form. */
function Unpublished({ changes }: UnpublishedList) {
  return (
    <section className="s-section" aria-labelledby="unpublished">
      <h2 className="s-section__title" id="unpublished">
        Ждут публикации
      </h2>
      {changes.length === 0 ? (
        <EmptyState title={"Всё сохранённое уже на\u00a0сайте"} />
      ) : (
        <Table caption="Сохранённые правки, которых ещё нет на сайте" hideCaption head={["Раздел", "Запись", "Что с ней"]}>
          {changes.map((c) => (
            <tr key={c.path}>
              <td>{isEditableType(c.type) ? typeInfo(c.type).title : c.type}</td>
              <td>{c.slug && c.slug !== SINGLE && c.change !== "deleted" ? <Link to={contentHref(c.type, c.slug)}>{c.slug}</Link> : c.change === "deleted" ? c.slug : <Link to={contentHref(c.type)}>открыть</Link>}</td>
              <td>{CHANGE_LABELS[c.change]}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

type Announce = (result: ReleasesResult) => void;

function useAnnounced(fetcher: { data?: unknown; state: string }, announce: Announce) {
  const data = fetcher.data as ReleasesResult | undefined;
  useEffect(() => {
    if (data && fetcher.state === "idle" && data.message && (data.ok || Object.keys(data.errors).length === 0)) announce(data);
  }, [data, fetcher.state, announce]);
  return data;
}

/** Follows a running publication until it ends; the page's data is reloaded then. */
function useJob(started: PublishJobView | null | undefined): PublishJobView | null {
  // The newest report wins: a poll's answer over the one the page started with.
  const [polled, setPolled] = useState<PublishJobView | null>(null);
  const job = polled && polled.id === started?.id ? polled : (started ?? null);
  const revalidator = useRevalidator();
  const running = job?.state === "running";
  useEffect(() => {
    if (!running) return;
    let stopped = false;
    const timer = window.setInterval(() => {
      void api<PublishJobView>("GET", "/releases/job")
        .then((next) => {
          if (stopped) return;
          setPolled(next);
          if (next.state !== "running") void revalidator.revalidate();
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [running, revalidator]);
  return job;
}

function PublishNow({ initial, announce }: { initial: PublishJobView | null; announce: Announce }) {
  const fetcher = useFetcher();
  const result = useAnnounced(fetcher, announce);
  const job = useJob(result?.job ?? initial);
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  useFocusFirstError(form, result && !result.ok ? result.errors : undefined);
  const running = job?.state === "running" || fetcher.state !== "idle";
  return (
    <section className="s-section" aria-labelledby="publish-now">
      <h2 className="s-section__title" id="publish-now">
        Опубликовать сейчас
      </h2>
      <fetcher.Form method="post" className="s-form" ref={setForm}>
        <input type="hidden" name="intent" value="publish" />
        <TextField
          label="Что меняется"
          name="message"
          maxLength={200}
          required
          hint="Коротко, для истории публикаций: «Новая статья про ASO», «Исправлены цены»."
          error={result?.intent === "publish" && !result.ok ? result.errors.message : null}
        />
        <Button type="submit" variant="primary" busy={running}>
          Опубликовать
        </Button>
      </fetcher.Form>
      {job ? <JobState job={job} /> : null}
    </section>
  );
}

function JobState({ job }: { job: PublishJobView }) {
  return (
    <div className="s-job" aria-live="polite" aria-busy={job.state === "running"}>
      <ol className="s-job__steps" aria-label="Ход публикации">
        {job.progress.map((step, i) => (
          <li key={i}>{step}</li>
        ))}
      </ol>
      {job.state === "published" && job.release ? (
        <Notice tone="success">
          Опубликовано за {job.release.seconds.toLocaleString("ru-RU")} с: страниц отрисовано заново — {job.release.pages.rendered}, взято из прошлой публикации — {job.release.pages.reused}.{" "}
          <a href="/">Открыть сайт</a>
        </Notice>
      ) : null}
      {job.state === "refused" ? (
        <Notice tone="error">
          Не опубликовано, на сайте прежняя версия. <span className="s-pre">{job.error}</span>
        </Notice>
      ) : null}
      {job.state === "failed" ? <Notice tone="error">Публикация не удалась, на сайте прежняя версия. Попробуйте ещё раз или сообщите разработчикам.</Notice> : null}
    </div>
  );
}

/** Tomorrow at 10:00, Moscow time, as a date-time field's value. */
function defaultMoment(): string {
  const day = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Moscow" }).format(Date.now() + 86_400_000);
  return `${day}T10:00`;
}

function Schedule({ scheduled, announce }: { scheduled: ScheduledView[]; announce: Announce }) {
  const fetcher = useFetcher();
  const result = useAnnounced(fetcher, announce);
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  useFocusFirstError(form, result && !result.ok && result.intent === "schedule" ? result.errors : undefined);
  const pending = scheduled.filter((s) => s.state === "pending" || s.state === "running");
  const errors = result?.intent === "schedule" && !result.ok ? result.errors : {};
  return (
    <section className="s-section" aria-labelledby="schedule">
      <h2 className="s-section__title" id="schedule">
        Запланировать
      </h2>
      <fetcher.Form method="post" className="s-form s-form--filters" ref={setForm}>
        <input type="hidden" name="intent" value="schedule" />
        <TextField label="Когда (московское время)" name="at" type="datetime-local" defaultValue={defaultMoment()} required error={errors.at ?? null} />
        <TextField label="Что меняется" name="message" maxLength={200} required error={errors.message ?? null} />
        <Button type="submit" busy={fetcher.state !== "idle"}>
          Запланировать
        </Button>
      </fetcher.Form>
      {pending.length > 0 ? (
        <Table caption="Запланированные публикации" head={["Когда", "Кто запланировал", "Что меняется", ""]}>
          {pending.map((s) => (
            <ScheduledLine key={s.id} entry={s} />
          ))}
        </Table>
      ) : (
        <p className="s-muted">Запланированных публикаций нет. Сервер сделает запланированную в срок, даже если между делом перезапустится.</p>
      )}
    </section>
  );
}

function ScheduledLine({ entry }: { entry: ScheduledView }) {
  const fetcher = useFetcher();
  return (
    <tr>
      <td>
        <time dateTime={isoDateTime(entry.at)}>{formatDateTime(entry.at)}</time>
      </td>
      <td>{entry.by}</td>
      <td>{entry.message}</td>
      <td>
        {entry.state === "running" ? (
          "Публикуется…"
        ) : (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="id" value={entry.id} />
            <Button type="submit" variant="quiet" busy={fetcher.state !== "idle"} aria-label={`Отменить публикацию ${formatDateTime(entry.at)}`}>
              Отменить
            </Button>
          </fetcher.Form>
        )}
      </td>
    </tr>
  );
}

function History({ live, releases, announce }: { live: string | null; releases: ReleaseSummary[]; announce: Announce }) {
  if (releases.length === 0) return <EmptyState title="Публикаций пока нет" />;
  return (
    <section className="s-section" aria-labelledby="history">
      <h2 className="s-section__title" id="history">
        История
      </h2>
      <Table caption="Публикации, новые сверху" hideCaption head={["Когда", "Кто", "Что меняется", "Изменилось", ""]}>
        {releases.map((release) => (
          <HistoryLine key={release.id} release={release} live={release.id === live} announce={announce} />
        ))}
      </Table>
    </section>
  );
}

function HistoryLine({ release, live, announce }: { release: ReleaseSummary; live: boolean; announce: Announce }) {
  const fetcher = useFetcher();
  useAnnounced(fetcher, announce);
  const [confirming, setConfirming] = useState(false);
  const when = formatDateTime(Date.parse(release.createdAt));
  return (
    <tr>
      <td>
        <time dateTime={release.createdAt}>{when}</time>
        {live ? <span className="s-badge">на сайте</span> : null}
      </td>
      <td>{release.author}</td>
      <td>{release.message}</td>
      <td>
        <Link to={`${pages.releases}${release.id}/`}>{changesSummary(release.changed, release.full)}</Link>
      </td>
      <td>
        {live ? null : confirming ? (
          <fetcher.Form method="post" className="s-actions">
            <input type="hidden" name="intent" value="rollback" />
            <input type="hidden" name="id" value={release.id} />
            <span>Вернуть сайт к публикации от {when}?</span>
            <Button type="submit" variant="danger" busy={fetcher.state !== "idle"}>
              Да, откатить
            </Button>
            <Button variant="quiet" onClick={() => setConfirming(false)}>
              Нет
            </Button>
          </fetcher.Form>
        ) : (
          <Button onClick={() => setConfirming(true)} aria-label={`Откатить к публикации от ${when}`}>
            Откатить
          </Button>
        )}
      </td>
    </tr>
  );
}
