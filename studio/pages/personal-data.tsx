import { useState } from "react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, useFetcher, useLoaderData } from "react-router";
import { api, ApiFailure, signedIn } from "../api/client.ts";
import { formatDate, formatDateTime, isoDateTime } from "../lib/format.ts";
import { KINDS, type PersonalDataDeletion, type PersonalDataReport, type RetentionInfo } from "#core/studio/inbox.ts";
import { STUDIO_API } from "#core/studio/paths.ts";
import { Button, EmptyState, Notice, NoticeArea, Page, Table, TextField, useFocusFirstError } from "../ui/index.ts";
import { StatusBadge } from "./inbox/parts.tsx";
import "./inbox/inbox.css";

/**
 * «Персональные данные»: a person asks what the agency holds about them, for
 * a copy, or for deletion (152-FZ). Found by exact e-mail or phone, across
 * every kind of submission; the copy is a JSON file; deletion removes it
 * everywhere at once. Also: how long submissions are kept and when the
 * retention job last ran.
 */
export function personalDataLoader({ request }: LoaderFunctionArgs): Promise<RetentionInfo> {
  return signedIn(request, () => api<RetentionInfo>("GET", "/personal-data/retention"));
}

type Key = { email: string; phone: string };
/** What an action did; `at` orders a deletion against the latest search. */
type Result = { at: number } & (
  | { intent: "search"; ok: true; key: Key; report: PersonalDataReport }
  | { intent: "delete"; ok: true; key: Key; deleted: PersonalDataDeletion }
  | { intent: string; ok: false; message: string; errors: Record<string, string> }
);

export async function personalDataAction({ request }: ActionFunctionArgs): Promise<Result> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const key = { email: String(form.get("email") ?? ""), phone: String(form.get("phone") ?? "") };
  const at = Date.now();
  return signedIn(request, async () => {
    try {
      if (intent === "delete") return { at, intent, ok: true, key, deleted: await api<PersonalDataDeletion>("POST", "/personal-data/delete", { ...key, confirm: true }) };
      return { at, intent: "search", ok: true, key, report: await api<PersonalDataReport>("POST", "/personal-data/search", key) };
    } catch (error) {
      if (error instanceof ApiFailure && error.status !== 401) return { at, intent, ok: false, message: error.message, errors: error.errors };
      throw error;
    }
  });
}

const ru = (n: number, one: string, few: string, many: string) => {
  const tens = n % 100;
  const units = n % 10;
  return `${n}\u00a0${tens > 10 && tens < 20 ? many : units === 1 ? one : units >= 2 && units <= 4 ? few : many}`;
};

function Retention({ info }: { info: RetentionInfo }) {
  const overdue = info.nextDeletion !== null && info.nextDeletion <= info.now;
  return (
    <section className="s-section" aria-labelledby="retention-title">
      <h2 id="retention-title" className="s-section__title">
        Срок хранения
      </h2>
      <dl className="s-facts">
        <dt>Заявки хранятся</dt>
        <dd>{ru(info.days, "день", "дня", "дней")}, потом их удаляет задача npm run retention</dd>
        <dt>Последний запуск</dt>
        <dd>
          {info.lastRun ? (
            <>
              <time dateTime={isoDateTime(info.lastRun.at)}>{formatDateTime(info.lastRun.at)}</time>: удалено заявок — {info.lastRun.submissions}, неподтверждённых подписок — {info.lastRun.subscriptions}
            </>
          ) : (
            "ещё не запускалась"
          )}
        </dd>
        <dt>Следующее удаление</dt>
        <dd>
          {info.nextDeletion === null ? (
            "удалять пока нечего"
          ) : overdue ? (
            <span className="s-inbox__alert">срок самой старой заявки уже вышел: её удалит ближайший запуск задачи</span>
          ) : (
            <>
              <time dateTime={isoDateTime(info.nextDeletion)}>{formatDate(info.nextDeletion)}</time>: выйдет срок самой старой заявки
            </>
          )}
        </dd>
      </dl>
    </section>
  );
}

/** Downloads the JSON copy: a POST (the key stays out of addresses), saved as a file. */
async function downloadCopy(key: Key): Promise<string | null> {
  const res = await fetch(`${STUDIO_API}/personal-data/copy`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(key),
  }).catch(() => null);
  if (!res) return "Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.";
  if (!res.ok) return ((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? `Сервер ответил ошибкой ${res.status}`;
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "personalnye-dannye.json";
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return null;
}

/** The deletion's fetcher: the report submits it, the page announces what it deleted. */
const ERASER = "personal-data-erase";

function Report({ report, keyUsed }: { report: PersonalDataReport; keyUsed: Key }) {
  const eraser = useFetcher<Result>({ key: ERASER });
  const [confirming, setConfirming] = useState(false);
  const [copyProblem, setCopyProblem] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);
  const count = report.submissions.length + report.subscriptions.length;
  if (count === 0) {
    return (
      <EmptyState title="Ничего не найдено">
        <p>По этому {keyUsed.email ? "e-mail" : "телефону"} сайт ничего не хранит. Так и можно ответить человеку.</p>
      </EmptyState>
    );
  }
  const failed = eraser.data && !eraser.data.ok ? eraser.data.message : null;
  return (
    <section className="s-section" aria-labelledby="found-title">
      <h2 id="found-title" className="s-section__title">
        Найдено: заявок — {report.submissions.length}, подписок — {report.subscriptions.length}
      </h2>
      {report.submissions.length > 0 ? (
        <div className="s-inbox__wide">
        <Table caption="Найденные заявки" hideCaption head={["Получена", "Тип", "Статус", "Резюме", "Доставок", "Смен статуса"]}>
          {report.submissions.map((s) => (
            <tr key={s.id}>
              <td>
                <time dateTime={isoDateTime(s.createdAt)}>{formatDateTime(s.createdAt)}</time>
              </td>
              <td>{KINDS[s.kind].label}</td>
              <td>
                <StatusBadge status={s.status} />
              </td>
              <td>{s.hasFile ? "есть" : "нет"}</td>
              <td>{s.deliveries}</td>
              <td>{s.statusChanges}</td>
            </tr>
          ))}
        </Table>
        </div>
      ) : null}
      {report.subscriptions.map((s, i) => (
        <p key={i}>
          Подписка на рассылку: {s.status === "active" ? "действует" : "не подтверждена"}, запрошена {formatDate(s.requestedAt)}
          {s.confirmedAt !== null ? `, подтверждена ${formatDate(s.confirmedAt)}` : ""}.
        </p>
      ))}
      <NoticeArea>{copyProblem ? <Notice tone="error">{copyProblem}</Notice> : failed ? <Notice tone="error">{failed}</Notice> : null}</NoticeArea>
      <div className="s-danger-zone">
        <Button
          busy={copying}
          onClick={async () => {
            setCopying(true);
            setCopyProblem(await downloadCopy(keyUsed));
            setCopying(false);
          }}
        >
          Скачать всё (JSON)
        </Button>
        {confirming ? (
          <eraser.Form method="post" className="s-danger-zone">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="email" value={keyUsed.email} />
            <input type="hidden" name="phone" value={keyUsed.phone} />
            <span>Удалить всё найденное безвозвратно: заявки, файлы резюме, доставки, подписки и историю статусов?</span>
            <Button type="submit" variant="danger" busy={eraser.state !== "idle"}>
              Да, удалить
            </Button>
            <Button variant="quiet" onClick={() => setConfirming(false)}>
              Отмена
            </Button>
          </eraser.Form>
        ) : (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Удалить всё
          </Button>
        )}
      </div>
    </section>
  );
}

export function PersonalData() {
  const retention = useLoaderData() as RetentionInfo;
  const search = useFetcher<Result>();
  const eraser = useFetcher<Result>({ key: ERASER });
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const shown = search.state === "idle" ? search.data : undefined;
  const errors = shown && !shown.ok ? shown.errors : undefined;
  useFocusFirstError(form, errors);
  // A deletion answers the search before it; a newer search hides it.
  const erased = eraser.state === "idle" ? eraser.data : undefined;
  const deleted = erased?.ok && "deleted" in erased && shown && erased.at > shown.at ? erased.deleted : null;
  return (
    <Page title="Персональные данные" lead="Что сайт хранит о человеке: найти по e-mail или телефону, выгрузить копию, удалить по его просьбе (152-ФЗ). Каждое действие записывается в журнал без самих данных.">
      <section className="s-section" aria-labelledby="request-title">
        <h2 id="request-title" className="s-section__title">
          Запрос человека
        </h2>
        <search.Form method="post" ref={setForm} noValidate className="s-form s-form--grid">
          <input type="hidden" name="intent" value="search" />
          <TextField label="E-mail" name="email" type="email" autoComplete="off" spellCheck={false} error={errors?.email} hint="Или телефон — что-то одно" />
          <TextField label="Телефон" name="phone" type="tel" autoComplete="off" error={errors?.phone} hint="В любом виде: +7 912 345-67-89, 89123456789" />
          <Button type="submit" variant="primary" busy={search.state !== "idle"}>
            Найти
          </Button>
        </search.Form>
      </section>
      <NoticeArea>
        {deleted ? (
          <Notice tone="success">
            Удалено: заявок — {deleted.submissions}, файлов резюме — {deleted.files}, доставок — {deleted.deliveries}, подписок — {deleted.subscriptions}, смен статуса — {deleted.statusChanges}. В журнал записано, сколько и что удалено, без e-mail и телефона.
          </Notice>
        ) : shown && !shown.ok && Object.keys(shown.errors).length === 0 ? (
          <Notice tone="error">{shown.message}</Notice>
        ) : null}
      </NoticeArea>
      {shown?.ok && shown.intent === "search" && !deleted ? (
        <Report report={shown.report} keyUsed={shown.key} />
      ) : null}
      <Retention info={retention} />
    </Page>
  );
}
