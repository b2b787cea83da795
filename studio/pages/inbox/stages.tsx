import { useState } from "react";
import { type ActionFunctionArgs, Link, type LoaderFunctionArgs, useFetcher, useLoaderData } from "react-router";
import { FORM_KINDS, type FormKind } from "#core/forms/kinds.ts";
import { KINDS, LOSS_REASON_MAX, type Outcome, OUTCOMES, type Stage, type VisibleStages } from "#core/studio/inbox.ts";
import { pages } from "#core/studio/paths.ts";
import { api, ApiFailure, signedIn } from "../../api/client.ts";
import { Button, Notice, NoticeArea, Page, SelectField, TextField } from "../../ui/index.ts";
import { LossReasonsEditor } from "./loss-reasons.tsx";
import "./inbox.css";

/** «Этапы»: each kind's stages, renamed, added, reordered and removed by an admin. */
type Loaded = { stages: VisibleStages; reasons: Partial<Record<FormKind, string[]>> };

export function stagesLoader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  return signedIn(request, async () => {
    const [stages, reasons] = await Promise.all([api<VisibleStages>("GET", "/inbox/stages"), api<Loaded["reasons"]>("GET", "/inbox/loss-reasons")]);
    return { stages, reasons };
  });
}

type Saved = { ok: boolean; message: string; kind: string; errors?: Record<string, string> };

export async function stagesAction({ request }: ActionFunctionArgs): Promise<Saved> {
  const form = await request.formData();
  const kind = String(form.get("kind") ?? "");
  return signedIn(request, async () => {
    try {
      await api("PUT", `/inbox/stages/${encodeURIComponent(kind)}`, {
        stages: JSON.parse(String(form.get("stages") ?? "[]")) as unknown,
        reasons: JSON.parse(String(form.get("reasons") ?? "[]")) as unknown,
      });
      return { ok: true, kind, message: "Этапы сохранены." };
    } catch (error) {
      if (error instanceof ApiFailure && error.status !== 401) return { ok: false, kind, message: error.message, errors: error.errors };
      throw error;
    }
  });
}

type Row = { key: string; label: string; outcome: Outcome; id: number };

const OUTCOME_CHOICES = (Object.keys(OUTCOMES) as Outcome[]).map((value) => ({ value, label: { open: "Работа идёт", won: "Успех", lost: "Отказ (спросить причину)" }[value] }));

function KindStages({ kind, stages, lossReasons }: { kind: FormKind; stages: Stage[]; lossReasons: string[] }) {
  const fetcher = useFetcher<Saved>();
  const [rows, setRows] = useState<Row[]>(() => stages.map((stage, id) => ({ key: stage.key, label: stage.label, outcome: stage.outcome, id })));
  const [reasons, setReasons] = useState(() => lossReasons.map((label, id) => ({ label, id })));
  const [next, setNext] = useState(stages.length);
  const move = (index: number, by: number) =>
    setRows((list) => {
      const copy = [...list];
      const [row] = copy.splice(index, 1);
      if (row) copy.splice(index + by, 0, row);
      return copy;
    });
  const update = (index: number, change: Partial<Row>) => setRows((list) => list.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const errors = fetcher.data?.errors ?? {};
  const title = `${KINDS[kind].label.replace(/\u00a0/g, " ")}`;
  return (
    <section className="s-section" aria-labelledby={`stages-${kind}`}>
      <h2 id={`stages-${kind}`} className="s-section__title">
        {KINDS[kind].label}
      </h2>
      <fetcher.Form method="post" className="s-form">
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="stages" value={JSON.stringify(rows.map(({ key, label, outcome }) => ({ key, label, outcome })))} />
        <input type="hidden" name="reasons" value={JSON.stringify(reasons.map((reason) => reason.label))} />
        <ol className="s-stages">
          {rows.map((row, index) => (
            <li key={row.id} className="s-stages__row">
              <TextField label={`Этап ${index + 1}`} name={`label-${kind}-${row.id}`} value={row.label} error={errors[`stages.${index}`]} onChange={(event) => update(index, { label: event.target.value })} />
              <div className="s-stages__tools">
                <SelectField
                  label={`Исход этапа ${index + 1}`}
                  name={`outcome-${kind}-${row.id}`}
                  value={row.outcome}
                  onChange={(event) => update(index, { outcome: event.target.value as Outcome })}
                  options={OUTCOME_CHOICES}
                />
                <Button onClick={() => move(index, -1)} disabled={index === 0} aria-label={`Выше: ${row.label || `этап ${index + 1}`} (${title})`}>
                  ↑
                </Button>
                <Button onClick={() => move(index, 1)} disabled={index === rows.length - 1} aria-label={`Ниже: ${row.label || `этап ${index + 1}`} (${title})`}>
                  ↓
                </Button>
                {/* Saving refuses a stage that submissions are in, naming it: nobody's submission loses its stage. */}
                <Button onClick={() => setRows((list) => list.filter((_, i) => i !== index))} disabled={rows.length === 1} aria-label={`Убрать: ${row.label || `этап ${index + 1}`} (${title})`}>
                  Убрать
                </Button>
              </div>
            </li>
          ))}
        </ol>
        {errors.stages ? <p className="s-field__error">{errors.stages}</p> : null}
        <LossReasonsEditor kind={kind} title={title} reasons={reasons} setReasons={setReasons} errors={errors} max={LOSS_REASON_MAX} />
        <div className="s-stages__tools">
          <Button
            onClick={() => {
              setRows((list) => [...list, { key: "", label: "", outcome: "open", id: next }]);
              setNext(next + 1);
            }}
          >
            Добавить этап
          </Button>
          <Button type="submit" variant="primary" busy={fetcher.state !== "idle"}>
            Сохранить этапы и&nbsp;причины
          </Button>
        </div>
      </fetcher.Form>
      <NoticeArea>{fetcher.data ? <Notice tone={fetcher.data.ok ? "success" : "error"}>{fetcher.data.message}</Notice> : null}</NoticeArea>
    </section>
  );
}

export function InboxStages() {
  const { stages, reasons } = useLoaderData() as Loaded;
  return (
    <Page
      title="Этапы заявок"
      lead="Этапы, через которые проходят заявки каждого типа, и их исход: работа идёт, успех или отказ. Переименуйте, добавьте, переставьте или уберите их; этап, в котором есть заявки, убрать нельзя. При переводе в этап с отказом спрашивается причина из списка ниже."
    >
      <p>
        <Link to={pages.inbox}>← Все заявки</Link>
      </p>
      {FORM_KINDS.map((kind) => {
        const list = stages[kind];
        return list ? <KindStages key={kind} kind={kind} stages={list} lossReasons={reasons[kind] ?? []} /> : null;
      })}
    </Page>
  );
}
