import { useState } from "react";
import { type ActionFunctionArgs, Link, type LoaderFunctionArgs, useFetcher, useLoaderData } from "react-router";
import { pages } from "#core/studio/paths.ts";
import { api, ApiFailure, signedIn } from "../api/client.ts";
import { formatDate, formatDateTime, isoDateTime } from "../lib/format.ts";
import type { SessionInfo } from "#core/studio/api.ts";
import { kindsFor, type PersonalDataDeletion, type PersonalDataReport, type RetentionInfo } from "#core/studio/inbox.ts";
import type { PersonalDataCopy } from "#core/studio/personal-data.ts";
import { useSession } from "../shell/session.ts";
import { PersonalDataDocument } from "./personal-data-document.tsx";
import { Button, Notice, NoticeArea, Page, TextField, useFocusFirstError } from "../ui/index.ts";
import { ERASER, Report, type Result } from "./personal-data-report.tsx";
import "./inbox/inbox.css";

/**
 * «Персональные данные»: a person asks what the agency holds about them, for
 * a copy, or for deletion (152-FZ). Found by exact e-mail or phone, across
 * the kinds of submission the role sees (HR: applications only); the copy is
 * a document the person reads (printed or saved as PDF) and a JSON file for
 * programs; deletion removes it everywhere at once. For admins also: how long
 * submissions are kept and when the retention job last ran.
 */
/** The retention facts, for a role that may see them (HR answers candidates' requests without them). */
export function personalDataLoader({ request }: LoaderFunctionArgs): Promise<RetentionInfo | null> {
  return signedIn(request, async () => {
    const session = await api<SessionInfo>("GET", "/session");
    // The section is not this role's: the page says so, as the server would.
    if (!session.permissions.includes("personal-data:requests")) throw new ApiFailure(403, "У\u00a0вашей роли нет доступа к\u00a0этому разделу");
    return session.permissions.includes("personal-data:retention") ? api<RetentionInfo>("GET", "/personal-data/retention") : null;
  });
}

export async function personalDataAction({ request }: ActionFunctionArgs): Promise<Result> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const key = { email: String(form.get("email") ?? ""), phone: String(form.get("phone") ?? "") };
  const at = Date.now();
  return signedIn(request, async () => {
    try {
      if (intent === "delete") {
        const confirm = String(form.get("confirm") ?? "");
        // Only the records ticked in the report (a phone may find two people).
        const chosen = { submissions: form.getAll("submission").map(String), subscriptions: form.get("subscriptions") === "yes" };
        return { at, intent, ok: true, key, deleted: await api<PersonalDataDeletion>("POST", "/personal-data/delete", { ...key, ...chosen, confirm }) };
      }
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
        <dd>
          {ru(info.days, "день", "дня", "дней")}, потом их удаляет сам сервер раз в&nbsp;сутки; срок и&nbsp;результат последнего удаления — в&nbsp;разделе <Link to={pages.settings}>«Настройки»</Link>
        </dd>
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
            <span className="s-inbox__alert">срок самой старой заявки уже вышел: её удалит ближайшее ежедневное удаление</span>
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

const LEAD = {
  all: "Что сайт хранит о\u00a0человеке: найти по\u00a0e-mail или телефону, выгрузить копию, удалить по\u00a0его просьбе (152-ФЗ). Каждое действие записывается в\u00a0журнал без самих данных.",
  jobs: "Запросы кандидатов об\u00a0их данных (152-ФЗ): найти их отклики на\u00a0вакансии по\u00a0e-mail или телефону, выгрузить копию, удалить по\u00a0их просьбе. Заявки на\u00a0проекты и\u00a0подписки сюда не\u00a0попадают. Каждое действие записывается в\u00a0журнал без самих данных.",
};

export function PersonalData() {
  const retention = useLoaderData() as RetentionInfo | null;
  const seesAll = kindsFor(useSession().permissions).includes("project");
  const search = useFetcher<Result>();
  const eraser = useFetcher<Result>({ key: ERASER });
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  // The person's copy as a document, shown in the report's place (which keeps its ticks underneath).
  const [copy, setCopy] = useState<PersonalDataCopy | null>(null);
  const shown = search.state === "idle" ? search.data : undefined;
  const errors = shown && !shown.ok ? shown.errors : undefined;
  useFocusFirstError(form, errors);
  // A deletion answers the search before it; a newer search hides it.
  const erased = eraser.state === "idle" ? eraser.data : undefined;
  const deleted = erased?.ok && "deleted" in erased && shown && erased.at > shown.at ? erased.deleted : null;
  return (
    <Page title="Персональные данные" lead={seesAll ? LEAD.all : LEAD.jobs}>
      {copy ? <PersonalDataDocument copy={copy} onClose={() => setCopy(null)} /> : null}
      <div hidden={copy !== null} className="s-pd-page">
        <section className="s-section" aria-labelledby="request-title">
          <h2 id="request-title" className="s-section__title">
            {seesAll ? "Запрос человека" : "Запрос кандидата"}
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
              Удалено: заявок — {deleted.submissions}, файлов резюме — {deleted.files}, доставок — {deleted.deliveries}, подписок — {deleted.subscriptions}, смен статуса — {deleted.statusChanges}, комментариев — {deleted.comments}. В журнал записано, сколько и что удалено, без e-mail и телефона.
              {deleted.wiped
                ? " Данные стёрты и из файлов базы."
                : " Записи удалены, но их следы ещё остались в файлах базы: сервер сотрёт их сам в ближайшие минуты, а если не успеет — следующее удаление. Если это сообщение повторяется, скажите администратору сервера."}
              {deleted.remains.map((sentence) => ` ${sentence}`).join("")}
            </Notice>
          ) : shown && !shown.ok && Object.keys(shown.errors).length === 0 ? (
            <Notice tone="error">{shown.message}</Notice>
          ) : null}
        </NoticeArea>
        {shown?.ok && shown.intent === "search" && !deleted ? (
          // Each search's report starts its ticks afresh (one person's records all ticked, two people's none).
          <Report key={shown.at} report={shown.report} keyUsed={shown.key} onDocument={setCopy} />
        ) : null}
        {retention ? <Retention info={retention} /> : null}
      </div>
    </Page>
  );
}
