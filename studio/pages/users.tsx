import { useEffect, useState } from "react";
import { useFetcher, useLoaderData } from "react-router";
import { formatDate, isoDateTime } from "../lib/format.ts";
import { useSession } from "../shell/session.ts";
import { person, type RoleInfo, type UserList, type UserRow } from "#core/studio/api.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#core/studio/rules.ts";
import { Button, EmptyState, Notice, NoticeArea, Page, SelectField, Table, TextField, useFocusFirstError } from "../ui/index.ts";
import type { UsersResult } from "./users-action.ts";
import { HandOverAction, type Heir } from "./users-hand-over.tsx";
import { AdminsTwoFactorSwitch, TwoFactorOff } from "./users-two-factor.tsx";

type Announce = (result: UsersResult) => void;

/** «Пользователи»: the accounts, a form to add one, and per account its role, a password reset, blocking, removal. */
export function Users() {
  const { users, roles, owners, owned, twoFactor, adminsTwoFactor } = useLoaderData() as UserList;
  const [last, setLast] = useState<UsersResult | null>(null);
  return (
    <Page title="Пользователи" lead="Кто работает в студии и что может делать. Администратор остаётся хотя бы один.">
      <NoticeArea>{last ? <Notice tone={last.ok ? "success" : "error"}>{last.message}</Notice> : null}</NoticeArea>
      {users.length === 0 ? (
        <EmptyState title="Пользователей пока нет" />
      ) : (
        <Table caption="Пользователи студии" hideCaption head={["Имя и логин", "Роль", "Добавлен", "Действия"]}>
          {users.map((user) => (
            <UserLine key={user.login} user={user} roles={roles} heirs={owners} owned={owned[user.login] ?? 0} twoFactor={twoFactor.includes(user.login)} announce={setLast} />
          ))}
        </Table>
      )}
      <AdminsTwoFactorSwitch required={adminsTwoFactor} announce={setLast} />
      <AddUser roles={roles} announce={setLast} />
    </Page>
  );
}

function useAnnounced(fetcher: { data?: unknown; state: string }, announce: Announce) {
  const data = fetcher.data as UsersResult | undefined;
  useEffect(() => {
    // Field errors are shown at their fields; everything else is announced at the top.
    if (data && fetcher.state === "idle" && (data.ok || Object.keys(data.errors).length === 0)) announce(data);
  }, [data, fetcher.state, announce]);
  return data;
}

type LineProps = { user: UserRow; roles: RoleInfo[]; heirs: readonly Heir[]; owned: number; twoFactor: boolean; announce: Announce };

function UserLine({ user, roles, heirs, owned, twoFactor, announce }: LineProps) {
  const { user: me } = useSession();
  const roleFetcher = useFetcher();
  const resetFetcher = useFetcher();
  const unblockFetcher = useFetcher();
  // The reset form is open from a click until a reset submitted from it succeeds (the fetcher's data then changes).
  const [resetOpenedWith, setResetOpenedWith] = useState<unknown>(null);
  useAnnounced(roleFetcher, announce);
  const reset = useAnnounced(resetFetcher, announce);
  useAnnounced(unblockFetcher, announce);
  const [resetForm, setResetForm] = useState<HTMLFormElement | null>(null);
  useFocusFirstError(resetForm, reset && !reset.ok ? reset.errors : undefined);
  const resetting = resetOpenedWith !== null && !(reset?.ok && reset !== resetOpenedWith);
  const openReset = () => setResetOpenedWith(resetFetcher.data ?? {});
  const self = user.login === me.login;
  // People are named by name; the login stays in its own column.
  const who = person(user);
  return (
    <tr>
      <td>
        <span className="s-user__name">{user.name}</span>
        <span className="s-user__login">
          {user.login}
          {self ? " (вы)" : ""}
        </span>
        {user.blockedAt !== null ? <span className="s-badge">Заблокирован</span> : null}
        {twoFactor ? <span className="s-badge">Второй фактор</span> : null}
      </td>
      <td>
        <roleFetcher.Form method="post" className="s-inline-form">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="login" value={user.login} />
          <label className="s-visually-hidden" htmlFor={`role-${user.login}`}>
            Роль пользователя «{who}»
          </label>
          <select id={`role-${user.login}`} name="role" className="s-input s-select" defaultValue={user.role}>
            {roles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.label}
              </option>
            ))}
          </select>
          <Button type="submit" busy={roleFetcher.state !== "idle"} aria-label={`Сохранить роль пользователя «${who}»`}>
            Сохранить
          </Button>
        </roleFetcher.Form>
      </td>
      <td>
        <time dateTime={isoDateTime(user.createdAt)}>{formatDate(user.createdAt)}</time>
      </td>
      <td className="s-actions">
        {resetting ? (
          <resetFetcher.Form method="post" className="s-inline-form" ref={setResetForm} noValidate>
            <input type="hidden" name="intent" value="reset" />
            <input type="hidden" name="login" value={user.login} />
            <TextField
              label={`Новый пароль для «${who}»`}
              name="password"
              type="password"
              autoComplete="new-password"
              error={reset && !reset.ok ? reset.errors.password : null}
            />
            <Button type="submit" variant="primary" busy={resetFetcher.state !== "idle"}>
              Задать пароль
            </Button>
            <Button variant="quiet" onClick={() => setResetOpenedWith(null)}>
              Отмена
            </Button>
          </resetFetcher.Form>
        ) : (
          <Button onClick={openReset} aria-label={`Сбросить пароль пользователя «${who}»`}>
            Сбросить пароль
          </Button>
        )}
        <HandOverAction kind="block" user={user} owned={owned} heirs={heirs} announce={announce} hidden={self || user.blockedAt !== null} />
        {user.blockedAt !== null ? (
          <unblockFetcher.Form method="post" className="s-inline-form">
            <input type="hidden" name="intent" value="unblock" />
            <input type="hidden" name="login" value={user.login} />
            <input type="hidden" name="name" value={user.name} />
            <Button type="submit" busy={unblockFetcher.state !== "idle"} aria-label={`Разблокировать пользователя «${who}»`}>
              Разблокировать
            </Button>
          </unblockFetcher.Form>
        ) : null}
        {twoFactor && !self ? <TwoFactorOff user={user} announce={announce} /> : null}
        <HandOverAction kind="remove" user={user} owned={owned} heirs={heirs} announce={announce} />
      </td>
    </tr>
  );
}

function AddUser({ roles, announce }: { roles: RoleInfo[]; announce: Announce }) {
  const fetcher = useFetcher();
  const result = useAnnounced(fetcher, announce);
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const errors = result && !result.ok ? result.errors : undefined;
  useFocusFirstError(form, errors);
  useEffect(() => {
    if (result?.ok) form?.reset();
  }, [result, form]);
  return (
    <section className="s-section" aria-labelledby="add-user-title">
      <h2 id="add-user-title" className="s-section__title">
        Добавить пользователя
      </h2>
      <fetcher.Form method="post" ref={setForm} noValidate className="s-form s-form--grid">
        <input type="hidden" name="intent" value="create" />
        <TextField label="Логин" name="login" autoComplete="off" autoCapitalize="none" spellCheck={false} hint="Латиницей, например anna.smirnova" error={errors?.login} />
        <TextField label="Имя" name="name" autoComplete="off" hint="Как показывать в студии и в журнале" error={errors?.name} />
        <SelectField label="Роль" name="role" options={roles.map((role) => ({ value: role.id, label: `${role.label} — ${role.description.toLowerCase()}` }))} error={errors?.role} />
        <TextField
          label="Начальный пароль"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`От ${PASSWORD_MIN} до ${PASSWORD_MAX} символов. Пользователь сменит его в «Моём профиле».`}
          error={errors?.password}
        />
        <Button type="submit" variant="primary" busy={fetcher.state !== "idle"}>
          Добавить
        </Button>
      </fetcher.Form>
    </section>
  );
}
