import { useEffect, useState } from "react";
import { type ActionFunctionArgs, Form, type LoaderFunctionArgs, useActionData, useFetcher, useLoaderData, useNavigation } from "react-router";
import { api, ApiFailure, signedIn } from "../api/client.ts";
import { useSession } from "../shell/session.ts";
import type { SessionInfo } from "#core/studio/api.ts";
import { ROLES } from "#core/studio/roles.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#core/studio/rules.ts";
import { Button, Notice, NoticeArea, Page, TextField, useFocusFirstError } from "../ui/index.ts";
import { TwoFactorSection, twoFactorAction, type TwoFactorResult } from "./profile-two-factor.tsx";
import type { TwoFactorInfo } from "#core/studio/api.ts";

type Result = { ok: true } | { ok: false; message: string; errors: Record<string, string> };

type ProfileData = { email: string; twoFactor: TwoFactorInfo };

export function profileLoader({ request }: LoaderFunctionArgs): Promise<ProfileData> {
  return signedIn(request, async () => {
    const [{ email }, twoFactor] = await Promise.all([api<{ email: string }>("GET", "/profile/email"), api<TwoFactorInfo>("GET", "/profile/two-factor")]);
    return { email, twoFactor };
  });
}

type EmailResult = { ok: boolean; message: string; errors?: Record<string, string> };

export async function profileAction({ request }: ActionFunctionArgs): Promise<Result | EmailResult | TwoFactorResult> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent.startsWith("two-factor-")) return signedIn(request, () => twoFactorAction(intent, form));
  if (form.get("intent") === "email") {
    return signedIn(request, async () => {
      try {
        await api("PUT", "/profile/email", { email: String(form.get("email") ?? "") });
        return { ok: true, message: "E-mail сохранён." };
      } catch (error) {
        if (error instanceof ApiFailure && error.status !== 401) return { ok: false, message: error.message, errors: error.errors };
        throw error;
      }
    });
  }
  const body = { current: form.get("current"), password: form.get("password"), confirm: form.get("confirm") };
  return signedIn(request, async () => {
    try {
      await api<SessionInfo>("POST", "/profile/password", body);
      return { ok: true };
    } catch (error) {
      if (error instanceof ApiFailure && error.status !== 401) return { ok: false, message: error.message, errors: error.errors };
      throw error;
    }
  });
}

/** «Мой профиль»: who you are, and your password (the current one, the new one twice). */
export function Profile() {
  const { user } = useSession();
  const result = useActionData() as Result | undefined;
  const { email, twoFactor } = useLoaderData() as ProfileData;
  const emailForm = useFetcher<EmailResult>();
  const navigation = useNavigation();
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  useFocusFirstError(form, result && !result.ok ? result.errors : undefined);
  useEffect(() => {
    if (result?.ok) form?.reset();
  }, [result, form]);
  return (
    <Page title="Мой профиль">
      <dl className="s-facts">
        <dt>Имя</dt>
        <dd>{user.name}</dd>
        <dt>Логин</dt>
        <dd>{user.login}</dd>
        <dt>Роль</dt>
        <dd>{ROLES[user.role]?.label ?? user.role}</dd>
      </dl>
      <section className="s-section" aria-labelledby="email-title">
        <h2 id="email-title" className="s-section__title">
          E-mail для уведомлений
        </h2>
        <emailForm.Form method="post" noValidate className="s-form">
          <input type="hidden" name="intent" value="email" />
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={email}
            hint="Сюда придёт письмо, когда вас назначат ответственным за заявку. Пусто — писем не будет."
            error={emailForm.data?.errors?.email}
          />
          <Button type="submit" busy={emailForm.state !== "idle"}>
            Сохранить e-mail
          </Button>
        </emailForm.Form>
        <NoticeArea>{emailForm.data?.ok ? <Notice tone="success">{emailForm.data.message}</Notice> : null}</NoticeArea>
      </section>
      <TwoFactorSection info={twoFactor} />
      <section className="s-section" aria-labelledby="password-title">
        <h2 id="password-title" className="s-section__title">
          Сменить пароль
        </h2>
        <NoticeArea>
          {result?.ok ? <Notice tone="success">Пароль изменён. Все другие сессии завершены — на других устройствах войдите заново.</Notice> : null}
          {result && !result.ok && Object.keys(result.errors).length === 0 ? <Notice tone="error">{result.message}</Notice> : null}
        </NoticeArea>
        <Form method="post" ref={setForm} noValidate className="s-form">
          <TextField label="Текущий пароль" name="current" type="password" autoComplete="current-password" required error={result && !result.ok ? result.errors.current : null} />
          <TextField
            label="Новый пароль"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            hint={`От ${PASSWORD_MIN} до ${PASSWORD_MAX} символов, любых: можно фразу из нескольких слов с пробелами.`}
            error={result && !result.ok ? result.errors.password : null}
          />
          <TextField label="Новый пароль ещё раз" name="confirm" type="password" autoComplete="new-password" required error={result && !result.ok ? result.errors.confirm : null} />
          <Button type="submit" variant="primary" busy={navigation.state === "submitting"}>
            Сменить пароль
          </Button>
        </Form>
      </section>
    </Page>
  );
}
