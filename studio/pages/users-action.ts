import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { api, ApiFailure, signedIn } from "../api/client.ts";
import { person, type UserList, type UserRow } from "#core/studio/api.ts";

/** What each of the page's forms sends (its `intent`), and what comes back. */
export type UsersResult = { intent: string; login: string; ok: boolean; message: string; errors: Record<string, string> };

export function usersLoader({ request }: LoaderFunctionArgs): Promise<UserList> {
  return signedIn(request, () => api<UserList>("GET", "/users"));
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export async function usersAction({ request }: ActionFunctionArgs): Promise<UsersResult> {
  const form = await request.formData();
  const intent = text(form, "intent");
  const login = text(form, "login");
  const path = `/users/${encodeURIComponent(login)}`;
  const done = (message: string): UsersResult => ({ intent, login, ok: true, message, errors: {} });
  return signedIn(request, async () => {
    try {
      if (intent === "create") {
        const user = await api<UserRow>("POST", "/users", { login, name: text(form, "name"), role: text(form, "role"), password: text(form, "password") });
        return done(`Пользователь «${person(user)}» добавлен. Передайте ему пароль лично, не\u00a0в\u00a0общем чате.`);
      }
      if (intent === "role") {
        const user = await api<UserRow>("PATCH", path, { role: text(form, "role") });
        return done(`Роль пользователя «${person(user)}» изменена.`);
      }
      if (intent === "reset") {
        const user = await api<UserRow>("PUT", `${path}/password`, { password: text(form, "password") });
        return done(`Пароль пользователя «${person(user)}» сброшен, его сессии завершены.`);
      }
      // Whom the requests go to: sent only when the confirmation asked (the user owns some).
      const owner = form.has("owner") ? { owner: text(form, "owner") } : undefined;
      const handed = owner?.owner ? ` Его заявки переданы пользователю «${person({ login: owner.owner, name: text(form, "ownerName") })}».` : "";
      if (intent === "block") {
        await api<UserRow>("PUT", `${path}/block`, owner ?? {});
        return done(`Пользователь «${person({ login, name: text(form, "name") })}» заблокирован, его сессии завершены.${handed}`);
      }
      if (intent === "unblock") {
        await api<UserRow>("DELETE", `${path}/block`);
        return done(`Пользователь «${person({ login, name: text(form, "name") })}» разблокирован и\u00a0снова может войти.`);
      }
      if (intent === "two-factor-off") {
        await api("DELETE", `${path}/two-factor`);
        return done(`Второй фактор пользователя «${person({ login, name: text(form, "name") })}» отключён: он войдёт по\u00a0паролю и\u00a0сможет включить его снова в\u00a0профиле.`);
      }
      if (intent === "two-factor-required") {
        const required = form.get("required") === "on";
        await api("PUT", "/users/two-factor-required", { required });
        return done(required ? "Теперь администраторам нужен второй фактор: кто его не включил, включит при следующем входе." : "Второй фактор для администраторов больше не обязателен.");
      }
      if (intent === "remove") {
        await api("DELETE", path, owner);
        return done(`Пользователь «${person({ login, name: text(form, "name") })}» удалён, его сессии завершены.${handed}`);
      }
      return { intent, login, ok: false, message: "Неизвестное действие", errors: {} };
    } catch (error) {
      if (error instanceof ApiFailure && error.status !== 401) return { intent, login, ok: false, message: error.message, errors: error.errors };
      throw error;
    }
  });
}
