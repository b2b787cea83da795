import { useState } from "react";
import { type ActionFunctionArgs, Link, type LoaderFunctionArgs, useFetcher, useLoaderData } from "react-router";
import { FORM_KINDS, type FormKind } from "#core/forms/kinds.ts";
import { KINDS, type Stage, type VisibleStages } from "#core/studio/inbox.ts";
import { pages } from "#core/studio/paths.ts";
import { api, ApiFailure, signedIn } from "../../api/client.ts";
import { Button, Notice, NoticeArea, Page, TextField } from "../../ui/index.ts";
import "./inbox.css";

/** «Этапы»: each kind's stages, renamed, added, reordered and removed by an admin. */
export function stagesLoader({ request }: LoaderFunctionArgs): Promise<VisibleStages> {
  return signedIn(request, () => api<VisibleStages>("GET", "/inbox/stages"));
}

type Saved = { ok: boolean; message: string; kind: string; errors?: Record<string, string> };

export async function stagesAction({ request }: ActionFunctionArgs): Promise<Saved> {
  const form = await request.formData();
  const kind = String(form.get("kind") ?? "");
  return signedIn(request, async () => {
    try {
      await api("PUT", `/inbox/stages/${encodeURIComponent(kind)}`, { stages: JSON.parse(String(form.get("stages") ?? "[]")) as unknown });
      return { ok: true, kind, message: "Этапы сохранены." };
    } catch (error) {
      if (error instanceof ApiFailure && error.status !== 401) return { ok: false, kind, message: error.message, errors: error.errors };
      throw error;
    }
  });
}

type Row = { key: string; label: string; closed: boolean; id: number };

function KindStages({ kind, stages }: { kind: FormKind; stages: Stage[] }) {
  const fetcher = useFetcher<Saved>();
  const [rows, setRows] = useState<Row[]>(() => stages.map((stage, id) => ({ key: stage.key, label: stage.label, closed: stage.closed, id })));
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
        <input type="hidden" name="stages" value={JSON.stringify(rows.map(({ key, label, closed }) => ({ key, label, closed })))} />
        <ol className="s-stages">
          {rows.map((row, index) => (
            <li key={row.id} className="s-stages__row">
              <TextField label={`Этап ${index + 1}`} name={`label-${kind}-${row.id}`} value={row.label} error={errors[`stages.${index}`]} onChange={(event) => update(index, { label: event.target.value })} />
              <div className="s-stages__tools">
                <label>
                  <input type="checkbox" checked={row.closed} onChange={(event) => update(index, { closed: event.target.checked })} /> завершающий
                </label>
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
        <div className="s-stages__tools">
          <Button
            onClick={() => {
              setRows((list) => [...list, { key: "", label: "", closed: false, id: next }]);
              setNext(next + 1);
            }}
          >
            Добавить этап
          </Button>
          <Button type="submit" variant="primary" busy={fetcher.state !== "idle"}>
            Сохранить этапы
          </Button>
        </div>
      </fetcher.Form>
      <NoticeArea>{fetcher.data ? <Notice tone={fetcher.data.ok ? "success" : "error"}>{fetcher.data.message}</Notice> : null}</NoticeArea>
    </section>
  );
}

export function InboxStages() {
  const stages = useLoaderData() as VisibleStages;
  return (
    <Page title="Этапы заявок" lead="Этапы, через которые проходят заявки каждого типа. Переименуйте, добавьте, переставьте или уберите их; этап, в котором есть заявки, убрать нельзя.">
      <p>
        <Link to={pages.inbox}>← Все заявки</Link>
      </p>
      {FORM_KINDS.map((kind) => {
        const list = stages[kind];
        return list ? <KindStages key={kind} kind={kind} stages={list} /> : null;
      })}
    </Page>
  );
}
