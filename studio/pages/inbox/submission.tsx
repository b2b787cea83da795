import { fieldText } from "#core/forms/labels.ts";
import { type ActionFunctionArgs, Link, type LoaderFunctionArgs, useFetcher, useLoaderData } from "react-router";
import { api, ApiFailure, signedIn } from "../../api/client.ts";
import { formatDateTime, isoDateTime } from "../../lib/format.ts";
import { useSession } from "../../shell/session.ts";
import { numberLabel } from "#core/forms/kinds.ts";
import { type InboxDetail, KINDS } from "#core/studio/inbox.ts";
import { pages, STUDIO_API } from "#core/studio/paths.ts";
import { Notice, NoticeArea, Page } from "../../ui/index.ts";
import { fileSize, ownerOptions, type Result } from "./parts.tsx";
import { Comments, Pipeline } from "./pipeline.tsx";
import { Deliveries } from "./deliveries.tsx";
import { Consent, Fields, Origin } from "./submission-facts.tsx";
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
          <Origin s={s} />
          <Consent s={s} />
        </div>
      </div>
      <Deliveries s={s} retry={retry} work={can("leads:work")} />
    </Page>
  );
}
