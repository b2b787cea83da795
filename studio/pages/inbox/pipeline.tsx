import { useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { type InboxDetail, LOSS_NOTE_MAX, type StatusChange, stageLabel, type VisibleStages } from "#core/studio/inbox.ts";
import { formatDateTime, isoDateTime } from "../../lib/format.ts";
import { Button, Field, SelectField } from "../../ui/index.ts";
import { type Result, StatusBadge } from "./parts.tsx";

/** A submission's place in the work: its stage with the history of moves, and who is responsible. */
export function Pipeline({
  s,
  status,
  owner,
  work,
  ownerChoices,
}: {
  s: InboxDetail;
  status: FetcherWithComponents<Result>;
  owner: FetcherWithComponents<Result>;
  work: boolean;
  ownerChoices: Array<{ value: string; label: string }>;
}) {
  const stages: VisibleStages = { [s.kind]: s.stages };
  const [chosen, setChosen] = useState(s.status);
  const losing = s.stages.find((stage) => stage.key === chosen)?.outcome === "lost" && chosen !== s.status;
  return (
    <section className="s-section" aria-labelledby="status-title">
      <h2 id="status-title" className="s-section__title">
        Этап: <StatusBadge status={s.status} stages={stages} kind={s.kind} />
      </h2>
      {s.loss ? (
        <p>
          Причина отказа: {s.loss.reason}
          {s.loss.note ? <span className="s-inbox__text">. {s.loss.note}</span> : null}
        </p>
      ) : null}
      {work ? (
        <status.Form method="post" className={losing ? "s-form" : "s-inline-form"}>
          <input type="hidden" name="intent" value="status" />
          <SelectField
            label="Новый этап"
            name="status"
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            error={status.data?.errors?.status}
            options={s.stages.map((stage) => ({ value: stage.key, label: stage.label }))}
          />
          {losing ? (
            <>
              <SelectField
                label="Причина отказа"
                name="reason"
                defaultValue=""
                error={status.data?.errors?.reason}
                options={[{ value: "", label: "Выберите причину" }, ...s.lossReasons.map((reason) => ({ value: reason, label: reason }))]}
              />
              <Field label="Пояснение" name="note" error={status.data?.errors?.note} hint={"Необязательно. Видно только в\u00a0студии"}>
                {(control) => <textarea {...control} className="s-input s-textarea" rows={2} maxLength={LOSS_NOTE_MAX} />}
              </Field>
            </>
          ) : null}
          <div>
            <Button type="submit" variant="primary" busy={status.state !== "idle"}>
              Сохранить этап
            </Button>
          </div>
        </status.Form>
      ) : null}
      {s.history.length === 0 ? (
        <p className="s-muted">Этап ещё не&nbsp;меняли.</p>
      ) : (
        <ol className="s-history" aria-label="История этапов">
          {s.history.map((h, i) => (
            <li key={i}>
              <time dateTime={isoDateTime(h.at)}>{formatDateTime(h.at)}</time>, {h.actorName ?? h.actorLogin ?? "—"}: {stageLabel(stages, s.kind, h.from)} → {stageLabel(stages, s.kind, h.to)}
              <LossNote change={h} />
            </li>
          ))}
        </ol>
      )}
      <h3 className="s-section__title">Ответственный: {s.ownerName ?? "никто"}</h3>
      {work ? (
        <owner.Form method="post" className="s-inline-form">
          <input type="hidden" name="intent" value="owner" />
          <SelectField
            label="Ответственный"
            name="owner"
            defaultValue={s.ownerId === null ? "" : String(s.ownerId)}
            error={owner.data?.errors?.owner}
            options={[{ value: "", label: "Никто" }, ...ownerChoices]}
          />
          <Button type="submit" busy={owner.state !== "idle"}>
            Назначить
          </Button>
        </owner.Form>
      ) : null}
    </section>
  );
}

/** A move to a lost stage says why. */
function LossNote({ change }: { change: StatusChange }) {
  if (!change.reason) return null;
  return (
    <span className="s-inbox__text">
      {" "}
      (причина: {change.reason}
      {change.note ? `; ${change.note}` : ""})
    </span>
  );
}

/** Internal comments: who wrote what when, newest last; the form adds one. */
export function Comments({ s, fetcher, work }: { s: InboxDetail; fetcher: FetcherWithComponents<Result>; work: boolean }) {
  return (
    <section className="s-section" aria-labelledby="comments-title">
      <h2 id="comments-title" className="s-section__title">
        Комментарии
      </h2>
      {s.comments.length === 0 ? (
        <p className="s-muted">Комментариев пока нет. Их видят только в&nbsp;студии.</p>
      ) : (
        <ol className="s-comments" aria-label="Комментарии">
          {s.comments.map((c) => (
            <li key={c.id}>
              <p className="s-comments__meta">
                {c.authorName || c.authorLogin || "—"}, <time dateTime={isoDateTime(c.at)}>{formatDateTime(c.at)}</time>
              </p>
              <p className="s-inbox__text">{c.body}</p>
            </li>
          ))}
        </ol>
      )}
      {work ? (
        <fetcher.Form method="post" className="s-form" key={s.comments.length}>
          <input type="hidden" name="intent" value="comment" />
          <Field label="Новый комментарий" name="body" error={fetcher.data?.errors?.body} hint="Виден только в студии">
            {(control) => <textarea {...control} className="s-input s-textarea" rows={3} maxLength={5000} />}
          </Field>
          <div>
            <Button type="submit" busy={fetcher.state !== "idle"}>
              Добавить комментарий
            </Button>
          </div>
        </fetcher.Form>
      ) : null}
    </section>
  );
}
