import { Fragment } from "react";
import { CONSENT_PURPOSES, FIELD_LABELS, fieldText } from "#core/forms/labels.ts";
import { type ActionFunctionArgs, Link, type LoaderFunctionArgs, useFetcher, useLoaderData } from "react-router";
import { formatPhone } from "#core/lib/format.ts";
import { api, ApiFailure, signedIn } from "../../api/client.ts";
import { formatDateTime, isoDateTime } from "../../lib/format.ts";
import { useSession } from "../../shell/session.ts";
import { numberLabel } from "#core/forms/kinds.ts";
import { type Delivery, type InboxDetail, KINDS } from "#core/studio/inbox.ts";
import { pages, STUDIO_API } from "#core/studio/paths.ts";
import { Button, Notice, NoticeArea, Page, Table } from "../../ui/index.ts";
import { fileSize, ownerOptions, type Result } from "./parts.tsx";
import { Comments, Pipeline } from "./pipeline.tsx";
import { DeliveryError } from "./delivery-error.tsx";
import "./inbox.css";

export function submissionLoader({ request, params }: LoaderFunctionArgs): Promise<InboxDetail> {
  return signedIn(request, () => api<InboxDetail>("GET", `/inbox/${encodeURIComponent(params.id ?? "")}`));
}



export async function submissionAction({ request, params }: ActionFunctionArgs): Promise<Result> {
  const form = await request.formData();
  const id = encodeURIComponent(params.id ?? "");
  const intent = String(form.get("intent") ?? "");
  const at = Date.now();
  return signedIn(request, async () => {
    try {
      if (intent === "status") {
        const status = String(form.get("status") ?? "");
        await api("PUT", `/inbox/${id}/status`, { status, reason: String(form.get("reason") ?? ""), note: String(form.get("note") ?? "") });
        return { ok: true, at, message: "Этап изменён." };
      }
      if (intent === "owner") {
        await api("PUT", `/inbox/${id}/owner`, { owner: String(form.get("owner") ?? "") });
        return { ok: true, at, message: "Ответственный изменён." };
      }
      if (intent === "comment") {
        await api("POST", `/inbox/${id}/comments`, { body: String(form.get("body") ?? "") });
        return { ok: true, at, message: "Комментарий добавлен." };
      }
      if (intent === "retry") {
        await api("POST", `/inbox/${id}/deliveries/${encodeURIComponent(String(form.get("delivery") ?? ""))}/retry`);
        return { ok: true, at, message: "Доставка снова в очереди: сервер попробует отправить заявку в течение нескольких секунд." };
      }
      return { ok: false, at, message: "Неизвестное действие" };
    } catch (error) {
      if (error instanceof ApiFailure && error.status !== 401) return { ok: false, at, message: error.message, errors: error.errors };
      throw error;
    }
  });
}

const CHANNELS: Record<Delivery["channel"], string> = {
  webhook: "В CRM (вебхук)",
  mail: "Письмо команде",
  confirm: "Письмо-подтверждение подписчику",
  assign: "Письмо ответственному",
};
function Fields({ fields }: { fields: Record<string, unknown> }) {
  const entries = Object.entries(fields).filter(([, value]) => fieldText(value) !== "");
  return (
    <dl className="s-facts">
      {entries.map(([name, value]) => (
        <Fragment key={name}>
          <dt>{FIELD_LABELS[name] ?? name}</dt>
          <dd className="s-inbox__text">
            {name === "email" ? <a href={`mailto:${String(value)}`}>{String(value)}</a> : name === "phone" ? <a href={`tel:${String(value)}`}>{formatPhone(String(value))}</a> : fieldText(value)}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

function DeliveryState({ delivery }: { delivery: Delivery }) {
  if (delivery.status === "delivered" && delivery.deliveredAt !== null) return <>Доставлена {formatDateTime(delivery.deliveredAt)}</>;
  if (delivery.status === "pending") {
    return <>В очереди{delivery.nextAttemptAt !== null ? `, следующая попытка ${formatDateTime(delivery.nextAttemptAt)}` : ""}</>;
  }
  return <span className="s-inbox__alert">Не доставлена: попытки кончились</span>;
}

/** One submission: every field, where it came from, the consent given, its deliveries and its status with their history. */
export function InboxSubmission() {
  const s = useLoaderData() as InboxDetail;
  const { can } = useSession();
  const status = useFetcher<Result>();
  const retry = useFetcher<Result>();
  const owner = useFetcher<Result>();
  const comment = useFetcher<Result>();
  const last = [status.data, retry.data, owner.data, comment.data].filter((r): r is Result => r !== undefined).sort((a, b) => b.at - a.at)[0];
  const title = `${numberLabel(s.kind, s.number)}: ${fieldText(s.fields.name) || fieldText(s.fields.email) || "без имени"}`;
  return (
    <Page title={title} lead={<>{KINDS[s.kind].label}, получена <time dateTime={isoDateTime(s.createdAt)}>{formatDateTime(s.createdAt)}</time> (время московское).</>}>
      <p>
        <Link to={pages.inbox}>← Все заявки</Link>
      </p>
      <NoticeArea>{last ? <Notice tone={last.ok ? "success" : "error"}>{last.message}</Notice> : null}</NoticeArea>
      <div className="s-inbox s-inbox__columns">
        <div className="s-inbox__stack">
          <section className="s-section" aria-labelledby="fields-title">
            <h2 id="fields-title" className="s-section__title">
              Что прислали
            </h2>
            <Fields fields={s.fields} />
            {s.file ? (
              <p>
                <a className="s-button" href={`${STUDIO_API}/inbox/${s.id}/file`} download>
                  Скачать резюме
                </a>{" "}
                <span className="s-muted">
                  {s.file.name}, {fileSize(s.file.size)}
                </span>
              </p>
            ) : null}
          </section>
        </div>
        <div className="s-inbox__stack">
          <Pipeline s={s} status={status} owner={owner} work={can("leads:work")} ownerChoices={ownerOptions(s.owners)} />
          <Comments s={s} fetcher={comment} work={can("leads:work")} />
          <section className="s-section" aria-labelledby="origin-title">
            <h2 id="origin-title" className="s-section__title">
              Откуда
            </h2>
            <dl className="s-facts">
              <dt>Страница формы</dt>
              <dd>{s.page || "—"}</dd>
              {s.visit.landing && s.visit.landing !== s.page ? (
                <>
                  <dt>Первая страница визита</dt>
                  <dd>{s.visit.landing}</dd>
                </>
              ) : null}
              {s.visit.referrer ? (
                <>
                  <dt>Пришли с сайта</dt>
                  <dd>{s.visit.referrer}</dd>
                </>
              ) : null}
              {Object.entries(s.utm).map(([key, value]) => (
                <Fragment key={key}>
                  <dt>{key}</dt>
                  <dd>{value}</dd>
                </Fragment>
              ))}
              <dt>IP-адрес</dt>
              <dd>{s.ip}</dd>
            </dl>
          </section>
          <section className="s-section" aria-labelledby="consent-title">
            <h2 id="consent-title" className="s-section__title">
              Согласие на обработку данных
            </h2>
            <dl className="s-facts">
              <dt>Дано</dt>
              <dd>
                <time dateTime={s.consent.at}>{formatDateTime(Date.parse(s.consent.at))}</time>
              </dd>
              <dt>С адреса</dt>
              <dd>{s.consent.ip}</dd>
              <dt>Цели</dt>
              <dd>{s.consent.purposes.map((p) => CONSENT_PURPOSES[p] ?? p).join(", ")}</dd>
              <dt>Согласие</dt>
              <dd>в редакции {s.consent.documents.agreement}</dd>
              <dt>Политика</dt>
              <dd>в редакции {s.consent.documents.privacy}</dd>
            </dl>
          </section>
        </div>
      </div>
      <section className="s-section" aria-labelledby="deliveries-title">
        <h2 id="deliveries-title" className="s-section__title">
          Доставка
        </h2>
        {s.deliveries.length === 0 ? (
          <p className="s-muted">Доставка не настроена: заявка есть только здесь.</p>
        ) : (
          <div className="s-inbox__wide">
          <Table caption="Доставка заявки" hideCaption head={["Куда", "Состояние", "Попыток", "Последняя ошибка", "Действие"]}>
            {s.deliveries.map((d) => (
              <tr key={d.id}>
                <td>{CHANNELS[d.channel]}</td>
                <td>
                  <DeliveryState delivery={d} />
                </td>
                <td>{d.attempts}</td>
                <td className="s-inbox__error">
                  <DeliveryError error={d.lastError} />
                </td>
                <td>
                  {d.status === "dead" && can("leads:work") ? (
                    <retry.Form method="post">
                      <input type="hidden" name="intent" value="retry" />
                      <input type="hidden" name="delivery" value={d.id} />
                      <Button type="submit" busy={retry.state !== "idle"}>
                        Повторить доставку
                      </Button>
                    </retry.Form>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </Table>
          </div>
        )}
      </section>
    </Page>
  );
}
