import { data, redirect } from "react-router";
import type { Route } from "./+types/page";
import { content } from "#core/content/index.server.ts";
import type { FormAnswer } from "#core/forms/answer.ts";
import { formsContext } from "../../forms/context.server.ts";
import { EventRegistrationForm, JobApplicationForm, ProjectRequestForm, SubscribeForm } from "../../forms/deferred.tsx";
import { MESSAGES as M } from "#core/forms/messages.ts";
import { type FormKind, isFormKind } from "#core/forms/kinds.ts";
import { leadsService } from "#core/forms/service.server.ts";
import { FormSuccess } from "../../forms/success.tsx";
import { validateFailed } from "../../lib/errors.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "#core/lib/paths.ts";
import { AppLink } from "../../ui/app-link.tsx";
import { PageHeader } from "../../ui/page-header.tsx";

/**
 * /forms/<kind>/: where forms post without JavaScript. A stored submission
 * redirects (303) to this page's result view, so reloading it sends nothing
 * again; errors answer 422 (503 when the store is down) with the form, its
 * messages and what the visitor typed. GET shows the form on its own.
 */
const TITLES: Record<FormKind, string> = {
  project: "Обсудить проект",
  job: "Отклик на вакансию",
  subscribe: "Подписка на рассылку",
  event: "Регистрация на событие",
};

export function loader({ params, request }: Route.LoaderArgs) {
  if (!isFormKind(params.form)) throw validateFailed(request);
  const url = new URL(request.url);
  const sent = url.searchParams.get("sent");
  const number = url.searchParams.get("number") ?? "";
  const positions = content().positions.map(({ slug, title }) => ({ slug, title }));
  return {
    kind: params.form,
    sent: sent && /^[0-9a-f-]{36}$/.test(sent) ? sent : null,
    // The number the server gave, carried by the redirect: the page shows it without asking the store.
    number: /^[1-9]\d{0,9}$/.test(number) ? Number(number) : undefined,
    position: url.searchParams.get("position"),
    positions,
    event: url.searchParams.get("event"),
    // Only the registration's page needs them: the event a form without JavaScript came back with.
    events: params.form === "event" ? formsContext().events.map(({ slug, title, when, place, online }) => ({ slug, title, when, place, online })) : [],
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  if (!isFormKind(params.form)) throw validateFailed(request);
  let answer: FormAnswer;
  let status: number;
  let headers: Record<string, string> | undefined;
  try {
    ({ answer, status, headers } = await (await leadsService(context)).submit(params.form, request, formsContext()));
  } catch (error) {
    console.error(JSON.stringify({ level: "error", message: "form post failed", error: String((error as Error)?.stack ?? error) }));
    ({ answer, status, headers } = { answer: { ok: false, message: M.form.unavailable }, status: 503, headers: { "Retry-After": "30" } });
  }
  if (answer.ok) throw redirect(`${paths.form(params.form)}?sent=${answer.id}${answer.number ? `&number=${answer.number}` : ""}`, 303);
  return data(answer, { status, headers });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData ? TITLES[args.loaderData.kind] : undefined, description: "", noindex: true });

export default function FormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, sent, number, positions } = loaderData;
  const positionSlug = typeof actionData?.values?.position === "string" ? actionData.values.position : loaderData.position;
  const position = positions.find((p) => p.slug === positionSlug);
  const eventSlug = typeof actionData?.values?.event === "string" ? actionData.values.event : loaderData.event;
  const event = loaderData.events.find((e) => e.slug === eventSlug);
  return (
    <>
      <PageHeader title={TITLES[kind]} />
      <div className="container">
        {sent ? (
          <FormSuccess kind={kind} id={sent} number={number} />
        ) : kind === "project" ? (
          <ProjectRequestForm initial={actionData} />
        ) : kind === "subscribe" ? (
          <SubscribeForm initial={actionData} />
        ) : kind === "event" ? (
          event ? (
            <EventRegistrationForm event={event} initial={actionData} />
          ) : (
            <p>
              Выберите событие в разделе <AppLink to={paths.events()}>«События»</AppLink>.
            </p>
          )
        ) : position ? (
          <JobApplicationForm position={position.slug} title={position.title} initial={actionData} />
        ) : (
          <p>
            Выберите вакансию в разделе <AppLink to={paths.career()}>«Карьера»</AppLink> — форма отклика есть на странице каждой.
          </p>
        )}
      </div>
    </>
  );
}
