import { useState } from "react";
import { useFetcher } from "react-router";
import { normalizePhone } from "#core/forms/phone.ts";
import { KINDS, kindsFor, type PersonalDataDeletion, type PersonalDataReport } from "#core/studio/inbox.ts";
import type { PersonalDataCopy } from "#core/studio/personal-data.ts";
import { STUDIO_API } from "#core/studio/paths.ts";
import { formatDate, formatDateTime, isoDateTime } from "../lib/format.ts";
import { useSession } from "../shell/session.ts";
import { Button, EmptyState, Notice, NoticeArea, Table, TextField } from "../ui/index.ts";
import { StatusBadge } from "./inbox/parts.tsx";
import "./personal-data-report.css";

/**
 * What was found about a person, shown so an admin can tell it is the right
 * person before deleting: each record with its Moscow time, kind, name, page
 * or vacancy, the start of its message and its CV's name. Deleting asks for
 * the e-mail or the phone typed again; the button waits until it matches.
 * The copy and the deletion take only the records ticked: all of them when
 * they carry one name and one e-mail, none until chosen when they do not
 * (one phone, two people).
 */
export type Key = { email: string; phone: string };

/** What an action of the page did; `at` orders a deletion against the latest search. */
export type Result = { at: number } & (
  | { intent: "search"; ok: true; key: Key; report: PersonalDataReport }
  | { intent: "delete"; ok: true; key: Key; deleted: PersonalDataDeletion }
  | { intent: string; ok: false; message: string; errors: Record<string, string> }
);

/** The deletion's fetcher: the report submits it, the page announces what it deleted. */
export const ERASER = "personal-data-erase";

/** An e-mail or a phone as the server matches it (server/leads/search-keys.ts). */
function sameKey(key: Key, typed: string): boolean {
  if (key.email) return typed.trim().toLowerCase() === key.email.trim().toLowerCase();
  const phone = normalizePhone(typed);
  return phone !== null && phone === normalizePhone(key.phone);
}

/** The records ticked: submissions by id, and whether the subscriptions go along. */
export type Chosen = { submissions: string[]; subscriptions: boolean };

/** The copy of the ticked records: a POST (the key stays out of addresses); a Russian sentence when it failed. */
async function requestCopy(key: Key, chosen: Chosen): Promise<Response | string> {
  const res = await fetch(`${STUDIO_API}/personal-data/copy`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ ...key, ...chosen }),
  }).catch(() => null);
  if (!res) return "Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.";
  if (!res.ok) return ((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? `Сервер ответил ошибкой ${res.status}`;
  return res;
}

/** Downloads the JSON copy of the ticked records, for programs, saved as a file. */
async function downloadCopy(key: Key, chosen: Chosen): Promise<string | null> {
  const res = await requestCopy(key, chosen);
  if (typeof res === "string") return res;
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

/** The copy of the ticked records for the readable document; a Russian sentence when it failed. */
async function readCopy(key: Key, chosen: Chosen): Promise<PersonalDataCopy | string> {
  const res = await requestCopy(key, chosen);
  return typeof res === "string" ? res : ((await res.json()) as PersonalDataCopy);
}

/** Whether every record found carries one name and one e-mail: then they are one person's, ticked at once. */
export function onePerson(report: PersonalDataReport): boolean {
  const norm = (text: string) => text.trim().toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ");
  return new Set(report.submissions.map((s) => norm(s.name))).size <= 1 && new Set(report.submissions.map((s) => norm(s.email))).size <= 1;
}

function Found({ report, chosen, onToggle }: { report: PersonalDataReport; chosen: ReadonlySet<string>; onToggle(id: string, on: boolean): void }) {
  return (
    <div className="s-inbox__wide">
      <Table caption="Найденные заявки" hideCaption head={["Отмечена", "Получена (МСК)", "Тип и статус", "Имя и e-mail", "Откуда", "Сообщение", "Файл резюме"]}>
        {report.submissions.map((s) => (
          <tr key={s.id}>
            <td>
              <input
                type="checkbox"
                className="s-pd-report__tick"
                checked={chosen.has(s.id)}
                onChange={(event) => onToggle(s.id, event.currentTarget.checked)}
                aria-label={`Заявка от\u00a0${formatDateTime(s.createdAt)}, ${s.name || "имя не\u00a0указано"}`}
              />
            </td>
            <td>
              <time dateTime={isoDateTime(s.createdAt)}>{formatDateTime(s.createdAt)}</time>
            </td>
            <td>
              {KINDS[s.kind].label}
              <br />
              <StatusBadge status={s.status} />
            </td>
            <td>
              {s.name || <span className="s-muted">имя не указано</span>}
              <br />
              {s.email ? <span className="s-muted">{s.email}</span> : <span className="s-muted">без e-mail</span>}
            </td>
            <td>
              {s.subject ? (
                <>
                  {s.kind === "job" ? "Вакансия" : s.kind === "event" ? "Событие" : "Компания"}: {s.subject}
                  <br />
                </>
              ) : null}
              <span className="s-muted">{s.page}</span>
            </td>
            <td className="s-pd-report__excerpt">{s.excerpt || <span className="s-muted">нет</span>}</td>
            <td>{s.fileName ?? <span className="s-muted">нет</span>}</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}

function Erase({ report, keyUsed, chosen }: { report: PersonalDataReport; keyUsed: Key; chosen: Chosen }) {
  const eraser = useFetcher<Result>({ key: ERASER });
  const [typed, setTyped] = useState("");
  const [left, setLeft] = useState(false);
  const byEmail = keyUsed.email !== "";
  const matches = sameKey(keyUsed, typed);
  const serverError = eraser.state === "idle" && eraser.data && !eraser.data.ok ? eraser.data.errors.confirm : undefined;
  const typedError = left && typed.trim() !== "" && !matches ? `Не совпадает с\u00a0${byEmail ? "e-mail" : "телефоном"}, по\u00a0которому искали` : undefined;
  const picked = report.submissions.filter((s) => chosen.submissions.includes(s.id));
  const files = picked.filter((s) => s.hasFile).length;
  const comments = picked.reduce((sum, s) => sum + s.comments, 0);
  const subscriptions = chosen.subscriptions ? report.subscriptions.length : 0;
  const nothing = picked.length === 0 && subscriptions === 0;
  return (
    <eraser.Form method="post" className="s-pd-report__erase" noValidate>
      <h3 className="s-pd-report__erase-title">Удалить отмеченное</h3>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="email" value={keyUsed.email} />
      <input type="hidden" name="phone" value={keyUsed.phone} />
      {picked.map((s) => (
        <input key={s.id} type="hidden" name="submission" value={s.id} />
      ))}
      <input type="hidden" name="subscriptions" value={chosen.subscriptions ? "yes" : "no"} />
      <TextField
        label={byEmail ? "Для подтверждения введите e-mail ещё раз" : "Для подтверждения введите телефон ещё раз"}
        name="confirm"
        type={byEmail ? "email" : "tel"}
        autoComplete="off"
        spellCheck={false}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        onBlur={() => setLeft(true)}
        error={typedError ?? serverError}
        hint={
          nothing
            ? "Ничего не отмечено: отметьте записи этого человека в таблице выше."
            : `Удалятся безвозвратно: заявки (${picked.length}), файлы резюме (${files}), подписки (${subscriptions}), комментарии команды (${comments}), доставки и история статусов. Неотмеченные записи останутся. Кнопка станет доступна, когда ${byEmail ? "e-mail совпадёт" : "телефон совпадёт"} с\u00a0найденным.`
        }
      />
      <Button type="submit" variant="danger" disabled={!matches || nothing} busy={eraser.state !== "idle"}>
        Удалить безвозвратно
      </Button>
    </eraser.Form>
  );
}

export function Report({ report, keyUsed, onDocument }: { report: PersonalDataReport; keyUsed: Key; onDocument(copy: PersonalDataCopy): void }) {
  const eraser = useFetcher<Result>({ key: ERASER });
  // A role that sees no subscriptions (HR: applications only) is not told of them.
  const seesSubscriptions = kindsFor(useSession().permissions).includes("subscribe");
  const [copyProblem, setCopyProblem] = useState<string | null>(null);
  const [copying, setCopying] = useState<"document" | "json" | null>(null);
  // One person's records are ticked at once; records of different people wait for the admin's choice.
  const same = onePerson(report);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set(same ? report.submissions.map((s) => s.id) : []));
  const [withSubscriptions, setWithSubscriptions] = useState(same);
  const chosen: Chosen = { submissions: report.submissions.filter((s) => ticked.has(s.id)).map((s) => s.id), subscriptions: withSubscriptions && report.subscriptions.length > 0 };
  const nothing = chosen.submissions.length === 0 && !(withSubscriptions && report.subscriptions.length > 0);
  const count = report.submissions.length + report.subscriptions.length;
  if (count === 0) {
    return (
      <EmptyState title="Ничего не найдено">
        {seesSubscriptions ? (
          <p>По этому {keyUsed.email ? "e-mail" : "телефону"} сайт ничего не хранит. Так и можно ответить человеку.</p>
        ) : (
          <p>Откликов на вакансии по этому {keyUsed.email ? "e-mail" : "телефону"} нет. Заявки на проекты и подписки вам не видны: если человек спрашивает и о них, передайте запрос администратору.</p>
        )}
      </EmptyState>
    );
  }
  const failed = eraser.data && !eraser.data.ok && !eraser.data.errors.confirm ? eraser.data.message : null;
  return (
    <section className="s-section" aria-labelledby="found-title">
      <h2 id="found-title" className="s-section__title">
        {seesSubscriptions ? `Найдено: заявок — ${report.submissions.length}, подписок — ${report.subscriptions.length}` : `Найдено откликов: ${report.submissions.length}`}
      </h2>
      {!same ? (
        <p className="s-pd-report__warning" role="note">
          Найдены записи разных людей: имена или e-mail не совпадают. Отметьте только записи того, кто обратился, — копия и удаление возьмут только отмеченное.
        </p>
      ) : null}
      {report.submissions.length > 0 ? (
        <>
          <p>Проверьте, что это тот человек: имя и e-mail, страница или вакансия, начало сообщения.</p>
          <Found report={report} chosen={ticked} onToggle={(id, on) => setTicked((was) => { const next = new Set(was); if (on) next.add(id); else next.delete(id); return next; })} />
        </>
      ) : null}
      {report.subscriptions.length > 0 ? (
        <label className="s-check">
          <input type="checkbox" checked={withSubscriptions} onChange={(event) => setWithSubscriptions(event.currentTarget.checked)} />
          <span>
            {report.subscriptions.map((s, i) => (
              <span key={i} className="s-pd-report__subscription">
                Подписка на рассылку: {s.status === "active" ? "действует" : "не подтверждена"}, запрошена {formatDate(s.requestedAt)}
                {s.confirmedAt !== null ? `, подтверждена ${formatDate(s.confirmedAt)}` : ""}.
              </span>
            ))}
          </span>
        </label>
      ) : null}
      <NoticeArea>{copyProblem ? <Notice tone="error">{copyProblem}</Notice> : failed ? <Notice tone="error">{failed}</Notice> : null}</NoticeArea>
      <div className="s-pd-report__copies">
        <Button
          variant="primary"
          busy={copying === "document"}
          disabled={nothing}
          onClick={async () => {
            setCopying("document");
            const copy = await readCopy(keyUsed, chosen);
            setCopying(null);
            if (typeof copy === "string") setCopyProblem(copy);
            else {
              setCopyProblem(null);
              onDocument(copy);
            }
          }}
        >
          Копия для человека
        </Button>
        <span className="s-pd-report__machine">
          <Button
            busy={copying === "json"}
            disabled={nothing}
            onClick={async () => {
              setCopying("json");
              setCopyProblem(await downloadCopy(keyUsed, chosen));
              setCopying(null);
            }}
          >
            Скачать отмеченное (JSON)
          </Button>
          <span className="s-muted">для программ</span>
        </span>
      </div>
      <Erase report={report} keyUsed={keyUsed} chosen={chosen} />
    </section>
  );
}
