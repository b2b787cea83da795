import { useState } from "react";
import { type ActionFunctionArgs, Form, Link, type LoaderFunctionArgs, useActionData, useLoaderData, useNavigation } from "react-router";
import { pages } from "#core/studio/paths.ts";
import { TRASH_DAYS, type TrashItem, type TrashList, type TrashRestored } from "#core/studio/trash-api.ts";
import { api, ApiFailure, signedIn } from "../api/client.ts";
import { contentHref } from "../content/paths.ts";
import { formatDateTime, isoDateTime } from "../lib/format.ts";
import { Button, EmptyState, Notice, NoticeArea, Page, Table, TextField } from "../ui/index.ts";
import { plural } from "#core/lib/format.ts";
import { TrashedPictures } from "./trash-pictures.tsx";

/**
 * «Корзина» (under «Контент»): entries deleted in the studio, for 30 days.
 * «Восстановить» puts one back at its address as a saved entry (or at another
 * address when its own is taken); «Удалить навсегда» is shown to admins only
 * (the server refuses everyone else).
 */
export function trashLoader({ request }: LoaderFunctionArgs): Promise<TrashList> {
  const type = new URL(request.url).searchParams.get("type");
  return signedIn(request, () => api<TrashList>("GET", `/trash${type ? `?type=${encodeURIComponent(type)}` : ""}`));
}

export type TrashResult = { intent: string; id: string; ok: boolean; message: string; href: string | null; taken: boolean; problems: string[]; errors: Record<string, string> };

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

export async function trashAction({ request }: ActionFunctionArgs): Promise<TrashResult> {
  const form = await request.formData();
  const intent = text(form, "intent");
  const id = text(form, "id");
  const slug = text(form, "slug");
  const path = `/trash/${encodeURIComponent(id)}`;
  const done = (message: string, href: string | null = null): TrashResult => ({ intent, id, ok: true, message, href, taken: false, problems: [], errors: {} });
  return signedIn(request, async () => {
    try {
      if (intent === "restore") {
        const restored = await api<TrashRestored>("POST", `${path}/restore`, slug ? { slug } : {});
        return done(restored.message, contentHref(restored.type, restored.slug));
      }
      if (intent === "purge") return done((await api<{ message: string }>("POST", `${path}/purge`, {})).message);
      if (intent === "restore-picture") return done((await api<{ message: string }>("POST", `/trash/pictures/${encodeURIComponent(id)}/restore`, {})).message, pages.media);
      if (intent === "purge-picture") return done((await api<{ message: string }>("POST", `/trash/pictures/${encodeURIComponent(id)}/purge`, {})).message);
      return { intent, id, ok: false, message: "Неизвестное действие", href: null, taken: false, problems: [], errors: {} };
    } catch (error) {
      if (!(error instanceof ApiFailure) || error.status === 401) throw error;
      const problems = Array.isArray(error.data.problems) ? (error.data.problems as string[]) : [];
      return { intent, id, ok: false, message: error.message, href: null, taken: error.data.taken === true, problems, errors: error.errors };
    }
  });
}

export function Trash() {
  const list = useLoaderData() as TrashList;
  const result = useActionData() as TrashResult | undefined;
  const section = list.type ? list.items[0]?.section : null;
  return (
    <Page
      title="Корзина"
      lead={`Удалённые записи и изображения хранятся здесь ${TRASH_DAYS} дней, потом удаляются сами. Восстановленная запись возвращается на свой адрес сохранённой, а на сайте появится после публикации.`}
    >
      {list.type ? (
        <p>
          {section ? `Показан раздел «${section}». ` : "Показан один раздел. "}
          <Link to={pages.trash}>Вся корзина</Link>
        </p>
      ) : null}
      <NoticeArea>
        {result ? (
          <Notice tone={result.ok ? "success" : "error"}>
            {result.message}
            {result.href ? (
              <>
                {" "}
                <Link to={result.href}>Открыть запись</Link>
              </>
            ) : null}
            {result.problems.length > 0 ? (
              <ul>
                {result.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : null}
          </Notice>
        ) : null}
      </NoticeArea>
      {list.items.length === 0 && list.pictures.length === 0 ? (
        <EmptyState title="Корзина пуста">
          <p>Здесь появятся записи и&nbsp;изображения, удалённые в&nbsp;студии.</p>
        </EmptyState>
      ) : list.items.length === 0 ? null : (
        <Table caption="Удалённые записи" hideCaption head={["Запись", "Раздел", "Кто и когда удалил", "Осталось", "Действия"]}>
          {list.items.map((item) => (
            <TrashRow key={item.id} item={item} canPurge={list.canPurge} result={result?.id === String(item.id) ? result : undefined} />
          ))}
        </Table>
      )}
      <TrashedPictures pictures={list.pictures} canPurge={list.canPurge} result={result} />
    </Page>
  );
}

function TrashRow({ item, canPurge, result }: { item: TrashItem; canPurge: boolean; result: TrashResult | undefined }) {
  const [confirming, setConfirming] = useState(false);
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("id") === String(item.id) && navigation.formData.get("intent") === intent;
  const taken = result?.intent === "restore" && !result.ok && result.taken;
  return (
    <tr>
      <td>
        {item.title}
        <br />
        <code>{item.path ?? item.slug}</code>
      </td>
      <td>{item.section}</td>
      <td>
        {item.deletedBy.name}, <time dateTime={isoDateTime(item.deletedAt)}>{formatDateTime(item.deletedAt)}</time>
      </td>
      <td>
        {item.daysLeft} {plural(item.daysLeft, ["день", "дня", "дней"])}
      </td>
      <td>
        <Form method="post" className="s-actions">
          <input type="hidden" name="intent" value="restore" />
          <input type="hidden" name="id" value={item.id} />
          {taken ? <TextField label="Другой адрес" name="slug" defaultValue={`${item.slug}-2`} error={result.errors.slug ?? null} hint="Латинские буквы, цифры и дефисы" /> : null}
          <Button type="submit" variant="primary" busy={busy("restore")} aria-label={`${taken ? "Восстановить под другим адресом" : "Восстановить"}: ${item.title}`}>
            {taken ? "Восстановить под другим адресом" : "Восстановить"}
          </Button>
        </Form>
        {!canPurge ? null : confirming ? (
          <Form method="post" className="s-actions">
            <input type="hidden" name="intent" value="purge" />
            <input type="hidden" name="id" value={item.id} />
            <p role="alert">Удалить «{item.title}» навсегда? Вернуть её будет нельзя.</p>
            <Button type="submit" variant="danger" busy={busy("purge")}>
              Да, удалить навсегда
            </Button>
            <Button variant="quiet" onClick={() => setConfirming(false)}>
              Отмена
            </Button>
          </Form>
        ) : (
          <Button variant="danger" onClick={() => setConfirming(true)} aria-label={`Удалить навсегда: ${item.title}`}>
            Удалить навсегда…
          </Button>
        )}
      </td>
    </tr>
  );
}
