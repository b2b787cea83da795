import { useState } from "react";
import { type ActionFunctionArgs, Form, type LoaderFunctionArgs, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { api, ApiFailure, routerPath } from "../api/client.ts";
import type { SessionInfo } from "#core/studio/api.ts";
import { pages, safeNext } from "#core/studio/paths.ts";
import { Button, Notice, NoticeArea, Page, TextField, useFocusFirstError } from "../ui/index.ts";

type Result = { message: string; errors: Record<string, string> };

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

/** Signs in (then on to `next`, a studio page only), or out (intent "sign-out" from the shell). */
export async function signInAction({ request }: ActionFunctionArgs): Promise<Result | Response> {
  const form = await request.formData();
  if (form.get("intent") === "sign-out") {
    await api("DELETE", "/session").catch(() => undefined);
    return redirect(`${pages.signIn}?out=1`);
  }
  try {
    await api<SessionInfo>("POST", "/session", { login: String(form.get("login") ?? ""), password: String(form.get("password") ?? "") });
  } catch (error) {
    if (error instanceof ApiFailure) return { message: error.message, errors: error.errors };
    throw error;
  }
  return redirect(routerPath(safeNext(new URL(request.url).searchParams.get("next"))));
}

export function SignIn() {
  const result = useActionData() as Result | undefined;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  useFocusFirstError(form, result?.errors);
  const busy = navigation.state === "submitting";
  return (
    <main id="main" className="s-sign-in">
      <div className="s-sign-in__card">
        <Page title="Вход в студию" lead="Студия — редакция сайта «Ориентир». Войдите под своим логином." />
        <NoticeArea>
          {result && Object.keys(result.errors).length === 0 ? <Notice tone="error">{result.message}</Notice> : null}
          {!result && params.get("out") ? <Notice tone="success">Вы вышли из студии.</Notice> : null}
        </NoticeArea>
        <Form method="post" ref={setForm} noValidate className="s-form">
          <TextField label="Логин" name="login" autoComplete="username" autoCapitalize="none" spellCheck={false} required error={result?.errors.login} />
          <TextField label="Пароль" name="password" type="password" autoComplete="current-password" required error={result?.errors.password} />
          <Button type="submit" variant="primary" busy={busy}>
            {busy ? "Входим…" : "Войти"}
          </Button>
        </Form>
        <p className="s-sign-in__help">Забыли пароль? Попросите администратора студии задать новый.</p>
      </div>
    </main>
  );
}
