import { data, redirect } from "react-router";
import type { Route } from "./+types/confirm";
import { MESSAGES as M } from "#core/forms/messages.ts";
import { leadsService } from "#core/forms/service.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { paths } from "#core/lib/paths.ts";
import { AppLink } from "../../ui/app-link.tsx";
import { PageHeader } from "../../ui/page-header.tsx";

/**
 * /sub/confirm/?token=…: the link of the double opt-in e-mail. Opening it
 * changes nothing (mail scanners open links too); the visitor confirms with
 * a button. A used, unknown or expired link answers 410.
 */
type State = "valid" | "confirmed" | "invalid" | "unavailable";

const STATUS: Record<State, number> = { valid: 200, confirmed: 200, invalid: 410, unavailable: 503 };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get("result") === "confirmed") return { state: "confirmed" as State, token: "" };
  const token = url.searchParams.get("token") ?? "";
  const state: State = token ? await (await leadsService(context)).confirmationState(token) : "invalid";
  return data({ state, token }, { status: STATUS[state] });
}

export async function action({ request, context }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // A body that is no form (the guard checks its parts, not every byte of their headers): the sender's mistake.
    throw data(M.form.wrongType, { status: 400 });
  }
  const token = String(form.get("token") ?? "");
  const done = await (await leadsService(context)).confirm(token);
  if (done === true) throw redirect(`${paths.confirm()}?result=confirmed`, 303);
  const state: State = done === false ? "invalid" : "unavailable";
  return data({ state }, { status: STATUS[state] });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Подтверждение подписки", description: "", noindex: true });

export default function ConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  return (
    <>
      <PageHeader title="Подтверждение подписки" trail={[{ to: paths.sub(), label: "Рассылка" }]} />
      <div className="container">
        {state === "valid" ? (
          <form method="post" action={paths.confirm()}>
            <input type="hidden" name="token" value={loaderData.token} />
            <p>Подтвердите, что хотите получать рассылку на этот адрес.</p>
            <button className="button button--primary" type="submit">
              Подтвердить подписку
            </button>
          </form>
        ) : state === "confirmed" ? (
          <p role="status">Подписка подтверждена. Первое письмо придёт со следующим выпуском.</p>
        ) : state === "invalid" ? (
          <p>
            Ссылка не работает: её уже использовали или срок её действия истёк. Подписаться заново можно на странице{" "}
            <AppLink to={paths.sub()}>«Рассылка»</AppLink>.
          </p>
        ) : (
          <p role="alert">Сервис подписки временно недоступен. Откройте ссылку из письма ещё раз через несколько минут.</p>
        )}
      </div>
    </>
  );
}
