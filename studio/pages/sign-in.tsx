import { useState } from "react";
import { type ActionFunctionArgs, Form, type LoaderFunctionArgs, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { api, ApiFailure, routerPath } from "../api/client.ts";
import type { SecondStep, SessionInfo } from "#core/studio/api.ts";
import { pages, safeNext } from "#core/studio/paths.ts";
import { Button, Notice, NoticeArea, Page, TextField, useFocusFirstError } from "../ui/index.ts";

/** `step: "code"`: the password was right and a code of the second factor is due. */
type Result = { message: string; errors: Record<string, string>; step?: "code" };

/** Signed in already: straight on to where the visitor was going. */
export async function signInLoader({ request }: LoaderFunctionArgs) {
  const next = new URL(request.url).searchParams.get("next");
  try {
    await api<SessionInfo>("GET", "/session");
  } catch {
    return null;
  }
  return redirect(routerPath(safeNext(next)));
}

/**
 * Signs in (then on to `next`, a studio page only, or first to the profile for an admin who
 * must set up a second factor), or out (intent "sign-out" from the shell). With a second
 * factor, in two steps: the password, then the code (intent "code").
 */
export async function signInAction({ request }: ActionFunctionArgs): Promise<Result | Response> {
  const form = await request.formData();
  if (form.get("intent") === "sign-out") {
    await api("DELETE", "/session").catch(() => undefined);
    return redirect(`${pages.signIn}?out=1`);
  }
  const code = form.get("intent") === "code";
  let answer: SessionInfo | SecondStep;
  try {
    answer = await api<SessionInfo | SecondStep>(
      "POST",
      "/session",
      code ? { code: String(form.get("code") ?? "") } : { login: String(form.get("login") ?? ""), password: String(form.get("password") ?? "") },
    );
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    // The code's step goes on unless it is over (401: back to the password).
    return { message: error.message, errors: error.errors, ...(code && error.status !== 401 ? { step: "code" as const } : {}) };
  }
  if ("secondStep" in answer) return { message: "", errors: {}, step: "code" };
  if (answer.mustSetUpSecondFactor) return redirect(pages.profile);
  return redirect(routerPath(safeNext(new URL(request.url).searchParams.get("next"))));
}

export function SignIn() {
  const result = useActionData() as Result | undefined;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  useFocusFirstError(form, result?.errors);
  const busy = navigation.state === "submitting";
  const codeStep = result?.step === "code";
  const refusal = result && result.message && Object.keys(result.errors).length === 0 ? result.message : null;
  return (
    <main id="main" className="s-sign-in">
      <div className="s-sign-in__card">
        {codeStep ? (
          <Page title="Код подтверждения" lead="Откройте приложение-аутентификатор и введите код студии. Если телефона нет под рукой — один из кодов восстановления." />
        ) : (
          <Page title="Вход в студию" lead="Студия — редакция сайта «Ориентир». Войдите под своим логином." />
        )}
        <NoticeArea>
          {refusal ? <Notice tone="error">{refusal}</Notice> : null}
          {!result && params.get("out") ? <Notice tone="success">Вы вышли из студии.</Notice> : null}
        </NoticeArea>
        {codeStep ? (
          <Form method="post" ref={setForm} noValidate className="s-form" key="code">
            <input type="hidden" name="intent" value="code" />
            <TextField
              label="Код"
              name="code"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              required
              autoFocus
              hint="Шесть цифр из приложения или код восстановления вида abcd-efgh-jkmn-pqrs"
              error={result.errors.code}
            />
            <Button type="submit" variant="primary" busy={busy}>
              {busy ? "Проверяем…" : "Подтвердить"}
            </Button>
          </Form>
        ) : (
          <Form method="post" ref={setForm} noValidate className="s-form" key="password">
            <TextField label="Логин" name="login" autoComplete="username" autoCapitalize="none" spellCheck={false} required error={result?.errors.login} />
            <TextField label="Пароль" name="password" type="password" autoComplete="current-password" required error={result?.errors.password} />
            <Button type="submit" variant="primary" busy={busy}>
              {busy ? "Входим…" : "Войти"}
            </Button>
          </Form>
        )}
        <p className="s-sign-in__help">
          {codeStep ? "Потеряли телефон и коды восстановления? Попросите администратора студии отключить второй фактор." : "Забыли пароль? Попросите администратора студии задать новый."}
        </p>
      </div>
    </main>
  );
}
