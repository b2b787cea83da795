import { useEffect, useState } from "react";
import { Link, useFetcher, useLoaderData, useRevalidator } from "react-router";
import { api } from "../../api/client.ts";
import { formatDateTime, isoDateTime } from "../../lib/format.ts";
import type { PublishJobView, ReleaseSummary, RollbackView, ScheduledView } from "#core/studio/api.ts";
import { pages } from "#core/studio/paths.ts";
import { Button, EmptyState, Notice, NoticeArea, Page, Table, TextField, useFocusFirstError } from "../../ui/index.ts";
import { PagePreview } from "../../preview/page-preview.tsx";
import type { ReleasesLoad, ReleasesResult } from "./actions.ts";
import { changeLabel, changesSummary } from "./labels.ts";
import { PublishSet } from "./publish-set.tsx";

/** How often the page asks how a publication is going. */
const POLL_MS = 700;

/** «Публикации»: publish chosen entries now or later, follow it, look back, roll back. */
export function Releases() {
  const data = useLoaderData() as ReleasesLoad;
  const [notice, setNotice] = useState<ReleasesResult | null>(null);
  const [started, setStarted] = useState<PublishJobView | null>(null);
  return (
    <Page title="Публикации" lead="Сохранённые правки попадают на сайт, когда их публикуют: каждую запись отдельно или несколько вместе. Время московское.">
      <NoticeArea>{notice ? <Notice tone={notice.ok ? "success" : "error"}>{notice.message}</Notice> : null}</NoticeArea>
      <PublishSet changes={data.changes} onJob={setStarted} />
      {/* A finished publication is news to whoever started it here; others see one only while it runs. */}
      <JobFollow started={started ?? (data.job?.state === "running" ? data.job : null)} />
      <PagePreview />
      {data.canPublishAll ? <PublishAll announce={setNotice} onJob={setStarted} /> : null}
      <Schedule scheduled={data.scheduled} />
      <History live={data.live} releases={data.releases} rollbacks={data.rollbacks} announce={setNotice} />
    </Page>
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

function JobFollow({ started }: { started: PublishJobView | null }) {
  const job = useJob(started);
  return job ? <JobState job={job} /> : null;
}

/** Everything anyone saved, at once: an admin's explicit action, never the default. */
function PublishAll({ announce, onJob }: { announce: Announce; onJob(job: PublishJobView): void }) {
  const fetcher = useFetcher();
  const result = useAnnounced(fetcher, announce);
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  useFocusFirstError(form, result && !result.ok && result.intent === "publish-all" ? result.errors : undefined);
  useEffect(() => {
    if (result?.job && fetcher.state === "idle") onJob(result.job);
  }, [result, fetcher.state, onJob]);
  return (
    <section className="s-section" aria-labelledby="publish-all">
      <h2 className="s-section__title" id="publish-all">
        Опубликовать всё сохранённое
      </h2>
      <p className="s-field__hint">На сайт попадёт всё, что сохранили все, в том числе чужие незаконченные правки. Обычно публикуют только выбранное.</p>
      <fetcher.Form method="post" className="s-form" ref={setForm} noValidate>
        <input type="hidden" name="intent" value="publish-all" />
        <TextField
          label="Название публикации всего сохранённого"
          name="message"
          maxLength={200}
          required
          error={result?.intent === "publish-all" && !result.ok ? (result.errors.message ?? null) : null}
        />
        <Button type="submit" busy={fetcher.state !== "idle"}>
          Опубликовать всё сохранённое
        </Button>
      </fetcher.Form>
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

function Schedule({ scheduled }: { scheduled: ScheduledView[] }) {
  const pending = scheduled.filter((s) => s.state === "pending" || s.state === "running");
  return (
    <section className="s-section" aria-labelledby="schedule">
      <h2 className="s-section__title" id="schedule">
        Запланированные публикации
      </h2>
      {pending.length > 0 ? (
        <Table caption="Запланированные публикации" hideCaption head={["Когда", "Кто запланировал", "Название", "Что войдёт", ""]}>
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

/** The entries' titles the page was loaded with ("articles/slug" → title). */
const useTitles = () => (useLoaderData() as ReleasesLoad).titles;

function ScheduledLine({ entry }: { entry: ScheduledView }) {
  const fetcher = useFetcher();
  const titles = useTitles();
  return (
    <tr>
      <td>
        <time dateTime={isoDateTime(entry.at)}>{formatDateTime(entry.at)}</time>
      </td>
      <td>{entry.by}</td>
      <td>{entry.message}</td>
      <td>{entry.entries === "all" ? "всё сохранённое к\u00a0этому времени" : entry.entries.map((key) => changeLabel(key, titles)).join(", ")}</td>
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

type Row = { kind: "release"; at: string; release: ReleaseSummary } | { kind: "rollback"; at: string; rollback: RollbackView };

function History({ live, releases, rollbacks, announce }: { live: string | null; releases: ReleaseSummary[]; rollbacks: RollbackView[]; announce: Announce }) {
  if (releases.length === 0) return <EmptyState title="Публикаций пока нет" />;
  const rows: Row[] = [
    ...releases.map((release) => ({ kind: "release" as const, at: release.createdAt, release })),
    ...rollbacks.map((rollback) => ({ kind: "rollback" as const, at: rollback.at, rollback })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <section className="s-section" aria-labelledby="history">
      <h2 className="s-section__title" id="history">
        История
      </h2>
      <Table caption="Публикации и откаты, новые сверху" hideCaption head={["Когда", "Кто", "Что меняется", "Изменилось", ""]}>
        {rows.map((row) =>
          row.kind === "release" ? (
            <HistoryLine key={row.release.id} release={row.release} live={row.release.id === live} releases={releases} liveId={live} announce={announce} />
          ) : (
            <tr key={`rollback-${row.at}`}>
              <td>
                <time dateTime={row.at}>{formatDateTime(Date.parse(row.at))}</time>
              </td>
              <td>{row.rollback.author}</td>
              <td>{row.rollback.message}</td>
              <td>откат: на сайте снова прежние версии, сохранённое осталось в студии</td>
              <td />
            </tr>
          ),
        )}
      </Table>
    </section>
  );
}

/** What a rollback to `target` changes on the site: the entries the publications after it brought. */
function rollbackChanges(target: ReleaseSummary, releases: readonly ReleaseSummary[], live: string | null, titles: Record<string, string>): string {
  const after = releases.filter((r) => r.id > target.id && (live === null || r.id <= live));
  if (after.some((r) => r.full)) return "все страницы сайта станут такими, какими были тогда";
  const entries = [...new Set(after.flatMap((r) => r.changed))];
  return entries.length === 0 ? "содержимое не изменится" : `вернутся прежние версии: ${entries.map((key) => changeLabel(key, titles)).join(", ")}`;
}

function HistoryLine(props: { release: ReleaseSummary; live: boolean; releases: readonly ReleaseSummary[]; liveId: string | null; announce: Announce }) {
  const { release, live, announce } = props;
  const fetcher = useFetcher();
  const titles = useTitles();
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
        <Link to={`${pages.releases}${release.id}/`}>{changesSummary(release.changed, release.full, titles)}</Link>
      </td>
      <td>
        {live ? null : confirming ? (
          <fetcher.Form method="post" className="s-actions">
            <input type="hidden" name="intent" value="rollback" />
            <input type="hidden" name="id" value={release.id} />
            <p role="alert">
              Вернуть сайт к публикации от {when}? На сайте {rollbackChanges(release, props.releases, props.liveId, titles)}. Сохранённые правки останутся в студии черновиками, их можно будет опубликовать снова.
            </p>
            <Button type="submit" variant="danger" busy={fetcher.state !== "idle"}>
              Да, вернуть
            </Button>
            <Button variant="quiet" onClick={() => setConfirming(false)}>
              Нет
            </Button>
          </fetcher.Form>
        ) : (
          <Button onClick={() => setConfirming(true)}>
            Вернуть сайт к этой публикации<span className="s-visually-hidden"> от {when}</span>
          </Button>
        )}
      </td>
    </tr>
  );
}
