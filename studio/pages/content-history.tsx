import { useMemo } from "react";
import { type ActionFunctionArgs, Form, Link, type LoaderFunctionArgs, useActionData, useLoaderData, useNavigation } from "react-router";
import { type EditableType, isCollectionName, isEditableType, SINGLE, typeInfo } from "#core/content/catalog.ts";
import type { EntryHistory, EntryVersion, EntryVersionData, SaveResult, VersionAction } from "#core/studio/content-api.ts";
import { api, ApiFailure, signedIn } from "../api/client.ts";
import { EntryDiff } from "../content/entry-diff.tsx";
import { contentHref, historyHref } from "../content/paths.ts";
import { formatDateTime, isoDateTime } from "../lib/format.ts";
import { Button, EmptyState, Notice, NoticeArea, Page } from "../ui/index.ts";

/**
 * «История» of one entry (decision 032): every saved and published version
 * with who and when, newest first; the chosen one (`?v=`) beside the version
 * before it, field by field with the schema's labels and the changed words
 * only; «Восстановить эту версию» saves it as the entry (publishing stays a
 * separate step, as after any save).
 */
type Load = EntryHistory & { chosen: EntryVersionData | null };
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
      return { ...history, chosen };
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
      const result = await api<SaveResult>("POST", `${entryApi(type, slug)}/${String(form.get("commit") ?? "")}/restore`, { baseHash: form.get("baseHash") || null });
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
                {chosen.previous ? "Что изменилось в этой версии" : "Первая версия в истории"}
              </h2>
              <EntryDiff type={type} before={chosen.previous?.values ?? null} after={chosen.values} titles={data.options} />
            </section>
          ) : null}
        </div>
      )}
    </Page>
  );
}
