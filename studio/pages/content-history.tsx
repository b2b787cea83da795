import { useMemo } from "react";
import { type ActionFunctionArgs, Form, Link, type LoaderFunctionArgs, useActionData, useLoaderData, useNavigation } from "react-router";
import { type EditableType, isCollectionName, isEditableType, SINGLE, typeInfo } from "#core/content/catalog.ts";
import type { EntryData, EntryHistory, EntryVersion, EntryVersionData, SaveResult, Values, VersionAction } from "#core/studio/content-api.ts";
import { api, ApiFailure, signedIn } from "../api/client.ts";
import { EntryDiff } from "../content/entry-diff.tsx";
import { formModel } from "../content/model.ts";
import { contentHref, historyHref } from "../content/paths.ts";
import { formatDateTime, isoDateTime } from "../lib/format.ts";
import { Button, EmptyState, Notice, NoticeArea, Page } from "../ui/index.ts";

/**
 * «История» of one entry (decision 032): every saved and published version
 * with who and when, newest first; the chosen one (`?v=`) beside the version
 * before it, field by field with the schema's labels and the changed words
 * only, or beside any other version (`&with=`); «Восстановить эту версию»
 * saves it as the entry, «Вернуть это поле» one field of it over what is
 * saved now (publishing stays a separate step, as after any save).
 */
type Load = EntryHistory & {
  chosen: EntryVersionData | null;
  /** The version the chosen one is compared with (`with`), when not the one before it. */
  against: { commit: string; values: Values | null } | null;
  /** The entry as saved now (null: deleted): what a field is returned into. */
  current: { values: Values; hash: string } | null;
};
type Done = { ok: boolean; message: string };

function entryOf(params: LoaderFunctionArgs["params"]): { type: EditableType; slug: string } {
  const type = params.type ?? "";
  if (!isEditableType(type)) throw new Response("Нет такого раздела", { status: 404 });
  return { type, slug: isCollectionName(type) ? (params.slug ?? "") : SINGLE };
}

const entryApi = (type: string, slug: string) => `/content/${type}/${encodeURIComponent(slug)}/history`;

export function historyLoader({ request, params }: LoaderFunctionArgs): Promise<Load> {
  const { type, slug } = entryOf(params);
  return signedIn(request, async () => {
    try {
      const history = await api<EntryHistory>("GET", entryApi(type, slug));
      const asked = new URL(request.url).searchParams.get("v");
      const version = history.versions.find((v) => v.commit === asked) ?? history.versions[0];
      const chosen = version ? await api<EntryVersionData>("GET", `${entryApi(type, slug)}/${version.commit}`) : null;
      const withCommit = new URL(request.url).searchParams.get("with");
      const other = history.versions.find((v) => v.commit === withCommit && v.commit !== version?.commit);
      const against = other ? { commit: other.commit, values: (await api<EntryVersionData>("GET", `${entryApi(type, slug)}/${other.commit}`)).values } : null;
      const current = history.hash === null ? null : await api<EntryData>("GET", `/content/${type}/${encodeURIComponent(slug)}`).then((entry) => ({ values: entry.values, hash: entry.hash }));
      return { ...history, chosen, against, current };
    } catch (error) {
      if (error instanceof ApiFailure && (error.status === 404 || error.status === 400)) throw new Response(error.message, { status: 404 });
      throw error;
    }
  });
}

export async function historyAction({ request, params }: ActionFunctionArgs): Promise<Done> {
  const { type, slug } = entryOf(params);
  const form = await request.formData();
  return signedIn(request, async () => {
    try {
      const commit = String(form.get("commit") ?? "");
      if (form.get("intent") === "field") {
        // One field of the version over the entry as saved now: an ordinary save, so a colleague's newer save is a conflict, not overwritten.
        const field = String(form.get("field") ?? "");
        const [version, now] = await Promise.all([api<EntryVersionData>("GET", `${entryApi(type, slug)}/${commit}`), api<EntryData>("GET", `/content/${type}/${encodeURIComponent(slug)}`)]);
        const label = formModel(type).fields.find(([key]) => key === field)?.[1].title;
        if (!version.values || !label) return { ok: false, message: "Такого поля в этой версии нет" };
        const values = { ...now.values };
        if (version.values[field] === undefined) delete values[field];
        else values[field] = version.values[field];
        await api<SaveResult>("PUT", `/content/${type}/${encodeURIComponent(slug)}`, { values, baseHash: now.hash });
        return { ok: true, message: `Поле «${label}» возвращено из этой версии и сохранено. На сайте оно появится после публикации.` };
      }
      const result = await api<SaveResult>("POST", `${entryApi(type, slug)}/${commit}/restore`, { baseHash: form.get("baseHash") || null });
      return { ok: true, message: result.message };
    } catch (error) {
      if (error instanceof ApiFailure) {
        const fields = Object.values(error.errors);
        return { ok: false, message: fields.length > 0 ? `${error.message}: ${fields.join("; ")}` : error.message };
      }
      throw error;
    }
  });
}

const ACTIONS: Record<VersionAction, string> = {
  save: "Сохранено",
  restore: "Восстановлена прежняя версия",
  delete: "Удалено",
  publish: "Опубликовано",
  rollback: "На сайте после отката",
  other: "Изменено в репозитории",
};

const byWhom = (event: EntryVersion["events"][number]) => event.by.name || event.by.login || "—";

export function ContentHistory() {
  const data = useLoaderData() as Load;
  const done = useActionData() as Done | undefined;
  const busy = useNavigation().state === "submitting";
  const type = data.type as EditableType;
  const chosen = data.chosen;
  const editHref = contentHref(type, isCollectionName(type) ? data.slug : undefined);
  const model = useMemo(() => typeInfo(type), [type]);
  return (
    <Page
      title={`История: ${data.title}`}
      lead={
        <p>
          <Link to={editHref}>← К записи</Link> · {model.title}. Время московское.
        </p>
      }
    >
      <NoticeArea>{done ? <Notice tone={done.ok ? "success" : "error"}>{done.message}</Notice> : null}</NoticeArea>
      {data.versions.length === 0 ? (
        <EmptyState title="Истории пока нет">Версии появляются с каждым сохранением и публикацией.</EmptyState>
      ) : (
        <div className="s-versions">
          <ol className="s-versions__list" aria-label="Версии записи, новые сверху">
            {data.versions.map((version) => {
              const current = chosen?.commit === version.commit;
              const first = version.events.at(-1)!;
              return (
                <li key={version.commit} className="s-versions__version" aria-current={current ? "true" : undefined}>
                  <p className="s-versions__when">
                    <Link to={`${historyHref(type, data.slug)}?v=${version.commit}`} aria-label={`Версия от ${formatDateTime(first.at)}: что изменилось`}>
                      <time dateTime={isoDateTime(first.at)}>{formatDateTime(first.at)}</time>
                    </Link>
                    {version.saved ? <span className="s-badge">Сохранена сейчас</span> : null}
                    {version.live ? <span className="s-badge s-badge--live">На сайте</span> : null}
                  </p>
                  <ul className="s-versions__events">
                    {version.events.map((event) => (
                      <li key={event.commit}>
                        {ACTIONS[event.action]} — {byWhom(event)}, <time dateTime={isoDateTime(event.at)}>{formatDateTime(event.at)}</time>
                      </li>
                    ))}
                  </ul>
                  {!version.removed && !version.saved ? (
                    <Form method="post">
                      <input type="hidden" name="commit" value={version.commit} />
                      <input type="hidden" name="baseHash" value={data.hash ?? ""} />
                      <Button type="submit" busy={busy} aria-label={`Восстановить эту версию от ${formatDateTime(first.at)}`}>
                        Восстановить эту версию
                      </Button>
                    </Form>
                  ) : null}
                </li>
              );
            })}
          </ol>
          {chosen ? (
            <section className="s-versions__diff" aria-labelledby="diff-title">
              <h2 id="diff-title" className="s-section__title">
                {data.against ? "Чем эта версия отличается от выбранной" : chosen.previous ? "Что изменилось в этой версии" : "Первая версия в истории"}
              </h2>
              <Compare data={data} chosen={chosen} />
              <EntryDiff type={type} before={data.against ? data.against.values : (chosen.previous?.values ?? null)} after={chosen.values} titles={data.options} />
              <ReturnField data={data} chosen={chosen} busy={busy} />
            </section>
          ) : null}
        </div>
      )}
    </Page>
  );
}

/** «Сравнить с»: any other version of the entry beside the chosen one (the one before it by default). */
function Compare({ data, chosen }: { data: Load; chosen: EntryVersionData }) {
  const others = data.versions.filter((v) => v.commit !== chosen.commit);
  if (others.length < 2) return null;
  return (
    <Form method="get" className="s-form s-versions__compare">
      <input type="hidden" name="v" value={chosen.commit} />
      <label className="s-field">
        <span className="s-field__label">Сравнить с версией</span>
        <select name="with" className="s-input s-select" defaultValue={data.against?.commit ?? chosen.previous?.commit ?? ""}>
          {others.map((v) => (
            <option key={v.commit} value={v.commit}>
              {formatDateTime(v.events.at(-1)!.at)} — {byWhom(v.events.at(-1)!)}
              {v.saved ? " (сохранена сейчас)" : v.live ? " (на сайте)" : ""}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit">Сравнить</Button>
    </Form>
  );
}

/** «Вернуть это поле»: one field of the chosen version over the entry as saved now, the rest kept. */
function ReturnField({ data, chosen, busy }: { data: Load; chosen: EntryVersionData; busy: boolean }) {
  const type = data.type as EditableType;
  if (!data.current || !chosen.values) return null;
  const now = data.current.values;
  const then = chosen.values;
  const differing = formModel(type).fields.filter(([key]) => JSON.stringify(now[key] ?? null) !== JSON.stringify(then[key] ?? null));
  if (differing.length === 0) return <p className="s-muted">Эта версия совпадает с сохранённой сейчас.</p>;
  return (
    <Form method="post" className="s-form s-versions__field">
      <input type="hidden" name="intent" value="field" />
      <input type="hidden" name="commit" value={chosen.commit} />
      <label className="s-field">
        <span className="s-field__label">Вернуть из этой версии одно поле</span>
        <select name="field" className="s-input s-select">
          {differing.map(([key, node]) => (
            <option key={key} value={key}>
              {node.title}
            </option>
          ))}
        </select>
        <span className="s-field__hint">Остальные поля останутся такими, как сохранены сейчас.</span>
      </label>
      <Button type="submit" busy={busy}>
        Вернуть это поле
      </Button>
    </Form>
  );
}
