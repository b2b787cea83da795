import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { person, type UserRow } from "#core/studio/api.ts";
import { plural } from "#core/lib/format.ts";
import { Button, SelectField, useFocusFirstError } from "../ui/index.ts";
import type { UsersResult } from "./users-action.ts";

export type Heir = { login: string; name: string };

const WORDS = {
  block: {
    open: "Заблокировать",
    ask: (who: string) => `Заблокировать «${who}»? Его сессии завершатся, войти он не\u00a0сможет.`,
    confirm: "Да, заблокировать",
    variant: "danger",
  },
  remove: {
    open: "Удалить",
    ask: (who: string) => `Удалить пользователя «${who}»? Его сессии завершатся.`,
    confirm: "Да, удалить",
    variant: "danger",
  },
} as const;

/**
 * «Заблокировать» or «Удалить» with its confirmation at the row. Whoever owns requests cannot
 * leave them without an owner: the confirmation asks whom they go to, among the other active
 * accounts that may own requests (the server checks that person may take each of them).
 */
export function HandOverAction({
  kind,
  user,
  owned,
  heirs,
  announce,
  hidden = false,
}: {
  kind: keyof typeof WORDS;
  user: UserRow;
  owned: number;
  heirs: readonly Heir[];
  announce: (result: UsersResult) => void;
  /** Not offered now (a blocked user), yet kept mounted: the block that hid it is still to be announced. */
  hidden?: boolean;
}) {
  const fetcher = useFetcher();
  const result = fetcher.data as UsersResult | undefined;
  const [openedWith, setOpenedWith] = useState<unknown>(null);
  const words = WORDS[kind];
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  // Whom the requests go to, by name too: the message after it says «передано «Глеб Продажин»».
  const [chosen, setChosen] = useState("");
  useFocusFirstError(form, result && !result.ok ? result.errors : undefined);
  useEffect(() => {
    // Field errors are shown at the select; everything else is announced at the top.
    if (result && fetcher.state === "idle" && (result.ok || Object.keys(result.errors).length === 0)) announce(result);
  }, [result, fetcher.state, announce]);
  const open = openedWith !== null && !(result?.ok && result !== openedWith);
  if (hidden) return null;
  if (!open) {
    return (
      <Button variant={words.variant} onClick={() => setOpenedWith(fetcher.data ?? {})} aria-label={`${words.open} пользователя «${person(user)}»`}>
        {words.open}
      </Button>
    );
  }
  const others = heirs.filter((heir) => heir.login !== user.login);
  const error = result && !result.ok ? result.errors.owner : undefined;
  return (
    <fetcher.Form method="post" className="s-inline-form" ref={setForm} noValidate>
      <input type="hidden" name="intent" value={kind} />
      <input type="hidden" name="login" value={user.login} />
      <input type="hidden" name="name" value={user.name} />
      <span>{words.ask(person(user))}</span>
      {owned > 0 ? (
        <SelectField
          label={`Кому передать его ${owned}\u00a0${plural(owned, ["заявку", "заявки", "заявок"])}`}
          name="owner"
          required
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          error={error ?? (others.length === 0 ? "Передать заявки некому: сначала добавьте сотрудника, который работает с\u00a0заявками" : null)}
          options={[{ value: "", label: "Выберите сотрудника" }, ...others.map((heir) => ({ value: heir.login, label: `${heir.name} (${heir.login})` }))]}
        />
      ) : null}
      {owned > 0 ? <input type="hidden" name="ownerName" value={others.find((other) => other.login === chosen)?.name ?? ""} /> : null}
      <Button type="submit" variant={words.variant} busy={fetcher.state !== "idle"}>
        {words.confirm}
      </Button>
      <Button variant="quiet" onClick={() => setOpenedWith(null)}>
        Отмена
      </Button>
    </fetcher.Form>
  );
}
