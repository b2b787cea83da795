import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { api, ApiFailure } from "../api/client.ts";
import type { NeededEntries, PublishJobView } from "#core/studio/api.ts";
import type { EditableType } from "#core/content/catalog.ts";
import type { EntryLife, Saver } from "#core/studio/content-api.ts";
import { othersAmong, PendingDiff, saverText } from "./pending-change.tsx";
import { Button, Notice } from "../ui/index.ts";
import { RedirectChoice } from "./redirect-choice.tsx";

const POLL_MS = 700;

type Props = {
  type: EditableType;
  slug: string;
  title: string;
  life: EntryLife;
  path: string | null;
  pages: ReadonlyArray<{ value: string }>;
  dirty: boolean;
  /** Who saved what would go live, newest first; someone else's change is published only once confirmed by name. */
  savers: Saver[];
  me: string;
  titles: Record<string, Array<{ value: string; label: string }>>;
  /** A publication refused at the entry's fields (a picture «Медиа» no longer has): shown at them, as a save's refusal is. */
  onFieldErrors(errors: Record<string, string>): void;
};

/**
 * «Опубликовать» this entry alone (decision 030), saying first what it cannot
 * appear without; «Снять с публикации» takes it off the site (410, or a 301
 * to a page chosen now) and keeps what is saved.
 */
export function PublishEntry({ type, slug, title, life, path, pages, dirty, savers, me, titles, onFieldErrors }: Props) {
  const others = othersAmong(savers, me);
  const [newest] = savers;
  const revalidator = useRevalidator();
  const [needed, setNeeded] = useState<NeededEntries["needed"] | null>(null);
  const [job, setJob] = useState<PublishJobView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const [asking, setAsking] = useState(false);
  const running = job?.state === "running";

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => {
      void api<PublishJobView>("GET", "/releases/job")
        .then((next) => {
          setJob(next);
          if (next.state !== "running") void revalidator.revalidate();
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [running, revalidator]);

  async function send(body: Record<string, unknown>, path = "/releases") {
    setError(null);
    try {
      setJob(await api<PublishJobView>("POST", path, body));
      setNeeded(null);
      setWithdrawing(false);
      setAsking(false);
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      const list = (failure.data as Partial<NeededEntries>).needed;
      if (failure.status === 409 && list) setNeeded(list);
      // A refused redirect (not a page of the site) says why, not only that a field is wrong.
      else setError(failure.errors.redirect ?? failure.message);
      const { redirect: _redirect, entries: _entries, ...fields } = failure.errors;
      if (Object.keys(fields).length > 0) onFieldErrors(fields);
    }
  }
  const publish = (withNeeded: boolean) => send({ message: `Опубликовано из редактора: ${title}`, entries: [`${type}/${slug}`], withNeeded });
  const onSite = life.state === "published" || life.state === "changed";
  const publishable = life.state !== "published" && life.state !== "deleted";

  return (
    <div className="s-section" role="region" aria-label="Публикация записи">
      <div className="s-actions">
        {publishable ? (
          <Button variant="primary" busy={running} disabled={dirty} onClick={() => (others.length > 0 ? setAsking(true) : void publish(false))}>
            Опубликовать
          </Button>
        ) : null}
        {onSite && path ? <Button onClick={() => setWithdrawing(true)}>Снять с публикации…</Button> : null}
        {dirty && publishable ? <span className="s-field__hint">Сначала сохраните: публикуется сохранённое.</span> : null}
      </div>
      {publishable && newest ? (
        <p className="s-field__hint">
          Последняя правка: {saverText(newest)}.{savers.length > 1 ? ` Ещё правили: ${savers.slice(1).map(saverText).join("; ")}.` : ""}
        </p>
      ) : null}
      {publishable ? <PendingDiff type={type} slug={slug} titles={titles} label={title} /> : null}
      {asking && others.length > 0 ? <OthersChanges others={others} onYes={() => void publish(false)} onCancel={() => setAsking(false)} /> : null}
      {needed ? <NeededTogether title={title} needed={needed} onYes={() => void publish(true)} onCancel={() => setNeeded(null)} /> : null}
      {withdrawing && path ? (
        <Withdraw path={path} pages={pages} onWithdraw={(redirect) => void send({ entry: `${type}/${slug}`, ...(redirect ? { redirect } : {}) }, "/releases/withdraw")} onCancel={() => setWithdrawing(false)} />
      ) : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      {job ? <JobState job={job} /> : null}
    </div>
  );
}

/** Colleagues' saved changes in this entry: published only once the person says yes to them by name. */
function OthersChanges({ others, onYes, onCancel }: { others: Saver[]; onYes(): void; onCancel(): void }) {
  return (
    <div className="s-problems" role="region" aria-label="Чужая правка">
      <p>
        {others.length === 1 ? "Здесь есть правка, которую сохранили не вы" : "Здесь есть правки, которые сохранили не вы"}: {others.map(saverText).join("; ")}. Опубликовать{" "}
        {others.length === 1 ? "её" : "их"}? Посмотрите, что изменится на сайте, выше.
      </p>
      <Button variant="primary" onClick={onYes}>
        Да, опубликовать
      </Button>
      <Button variant="quiet" onClick={onCancel}>
        Отмена
      </Button>
    </div>
  );
}

/** What this entry cannot appear without, and the button that publishes it all at once. */
function NeededTogether({ title, needed, onYes, onCancel }: { title: string; needed: NeededEntries["needed"]; onYes(): void; onCancel(): void }) {
  return (
    <div className="s-problems" role="region" aria-label="Что нужно опубликовать вместе">
      <p>«{title}» публикуется только вместе с этим. Опубликовать всё одной публикацией?</p>
      <ul>
        {needed.map((n) => (
          <li key={n.key}>
            {n.title}: {n.because}
          </li>
        ))}
      </ul>
      <Button variant="primary" onClick={onYes}>
        Опубликовать вместе
      </Button>
      <Button variant="quiet" onClick={onCancel}>
        Отмена
      </Button>
    </div>
  );
}

/** Taking the page off the site: 410, or a 301 to a page chosen here. */
function Withdraw({ path, pages, onWithdraw, onCancel }: { path: string; pages: Props["pages"]; onWithdraw(redirect: string | null): void; onCancel(): void }) {
  const [redirect, setRedirect] = useState(false);
  const [target, setTarget] = useState(pages[0]?.value ?? "/");
  return (
    <div className="s-problems" role="region" aria-label="Снять с публикации">
      <p>
        Страница {path} исчезнет с сайта: её адрес будет отвечать, что страница снята (410), если не перенаправить его. Сохранённая запись останется в студии, её можно будет опубликовать снова.
      </p>
      <RedirectChoice
        id="withdraw"
        label="Перенаправлять её адрес на другую страницу (301)"
        redirect={redirect}
        onRedirect={setRedirect}
        target={target}
        onTarget={setTarget}
        choices={pages.map((p) => p.value).filter((p) => p !== path)}
      />
      <Button variant="danger" onClick={() => onWithdraw(redirect ? target : null)}>
        Снять с публикации
      </Button>
      <Button variant="quiet" onClick={onCancel}>
        Отмена
      </Button>
    </div>
  );
}

/** Where the publication started here stands. */
function JobState({ job }: { job: PublishJobView }) {
  return (
    <>
      {job.state === "running" ? <p role="status">Публикуется…</p> : null}
      {job.state === "published" ? <Notice tone="success">Готово: изменения на сайте.</Notice> : null}
      {job.state === "refused" || job.state === "failed" ? (
        <Notice tone="error">
          Не опубликовано, на сайте прежняя версия. <span className="s-pre">{job.error}</span>
        </Notice>
      ) : null}
    </>
  );
}
