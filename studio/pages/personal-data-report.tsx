import { useState } from "react";
import { useFetcher } from "react-router";
import { normalizePhone } from "#core/forms/phone.ts";
import { KINDS, type PersonalDataDeletion, type PersonalDataReport } from "#core/studio/inbox.ts";
import { STUDIO_API } from "#core/studio/paths.ts";
import { formatDate, formatDateTime, isoDateTime } from "../lib/format.ts";
import { Button, EmptyState, Notice, NoticeArea, Table, TextField } from "../ui/index.ts";
import { StatusBadge } from "./inbox/parts.tsx";
import "./personal-data-report.css";

/**
 * What was found about a person, shown so an admin can tell it is the right
 * person before deleting: each record with its Moscow time, kind, name, page
 * or vacancy, the start of its message and its CV's name. Deleting asks for
 * the e-mail or the phone typed again; the button waits until it matches.
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

function Found({ report }: { report: PersonalDataReport }) {
  return (
    <div className="s-inbox__wide">
      <Table caption="Найденные заявки" hideCaption head={["Получена (МСК)", "Тип и статус", "Имя", "Откуда", "Сообщение", "Файл резюме"]}>
        {report.submissions.map((s) => (
          <tr key={s.id}>
            <td>
              <time dateTime={isoDateTime(s.createdAt)}>{formatDateTime(s.createdAt)}</time>
            </td>
            <td>
              {KINDS[s.kind].label}
              <br />
              <StatusBadge status={s.status} />
            </td>
            <td>{s.name || <span className="s-muted">не указано</span>}</td>
            <td>
              {s.subject ? (
                <>
                  {s.kind === "job" ? "Вакансия" : "Компания"}: {s.subject}
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

function Erase({ report, keyUsed }: { report: PersonalDataReport; keyUsed: Key }) {
  const eraser = useFetcher<Result>({ key: ERASER });
  const [typed, setTyped] = useState("");
  const [left, setLeft] = useState(false);
  const byEmail = keyUsed.email !== "";
  const matches = sameKey(keyUsed, typed);
  const serverError = eraser.state === "idle" && eraser.data && !eraser.data.ok ? eraser.data.errors.confirm : undefined;
  const typedError = left && typed.trim() !== "" && !matches ? `Не совпадает с\u00a0${byEmail ? "e-mail" : "телефоном"}, по\u00a0которому искали` : undefined;
  const files = report.submissions.filter((s) => s.hasFile).length;
  const comments = report.submissions.reduce((sum, s) => sum + s.comments, 0);
  return (
    <eraser.Form method="post" className="s-pd-report__erase" noValidate>
      <h3 className="s-pd-report__erase-title">Удалить всё найденное</h3>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="email" value={keyUsed.email} />
      <input type="hidden" name="phone" value={keyUsed.phone} />
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
        hint={`Удалятся безвозвратно: заявки (${report.submissions.length}), файлы резюме (${files}), подписки (${report.subscriptions.length}), комментарии команды (${comments}), доставки и история статусов. Кнопка станет доступна, когда ${byEmail ? "e-mail совпадёт" : "телефон совпадёт"} с\u00a0найденным.`}
      />
      <Button type="submit" variant="danger" disabled={!matches} busy={eraser.state !== "idle"}>
        Удалить безвозвратно
      </Button>
    </eraser.Form>
  );
}

export function Report({ report, keyUsed }: { report: PersonalDataReport; keyUsed: Key }) {
  const eraser = useFetcher<Result>({ key: ERASER });
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
  const failed = eraser.data && !eraser.data.ok && !eraser.data.errors.confirm ? eraser.data.message : null;
  return (
    <section className="s-section" aria-labelledby="found-title">
      <h2 id="found-title" className="s-section__title">
        Найдено: заявок — {report.submissions.length}, подписок — {report.subscriptions.length}
      </h2>
      {report.submissions.length > 0 ? (
        <>
          <p>Проверьте, что это тот человек: имя, страница или вакансия, начало сообщения.</p>
          <Found report={report} />
        </>
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
      </div>
      <Erase report={report} keyUsed={keyUsed} />
    </section>
  );
}
