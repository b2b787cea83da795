import { useEffect } from "react";
import { useFetcher } from "react-router";
import { person, type UserRow } from "#core/studio/api.ts";
import { Button } from "../ui/index.ts";
import type { UsersResult } from "./users-action.ts";

/**
 * «Пользователи» and the second factor: the switch «Требовать второй фактор от администраторов»,
 * and per account whose factor is on, turning it off for them (a lost phone).
 */
type Announce = (result: UsersResult) => void;

function useAnnounce(fetcher: { data?: unknown; state: string }, announce: Announce) {
  const data = fetcher.data as UsersResult | undefined;
  useEffect(() => {
    if (data && fetcher.state === "idle") announce(data);
  }, [data, fetcher.state, announce]);
}

export function AdminsTwoFactorSwitch({ required, announce }: { required: boolean; announce: Announce }) {
  const fetcher = useFetcher();
  useAnnounce(fetcher, announce);
  return (
    <section className="s-section" aria-labelledby="admins-two-factor-title">
      <h2 id="admins-two-factor-title" className="s-section__title">
        Второй фактор входа
      </h2>
      <fetcher.Form method="post" className="s-form">
        <input type="hidden" name="intent" value="two-factor-required" />
        <div className="s-check">
          <input
            id="admins-two-factor"
            type="checkbox"
            name="required"
            value="on"
            defaultChecked={required}
            aria-describedby="admins-two-factor-hint"
            onChange={(event) => fetcher.submit(event.currentTarget.form)}
          />
          <label htmlFor="admins-two-factor">Требовать второй фактор от администраторов</label>
          <p className="s-field__hint" id="admins-two-factor-hint">
            Администратор без второго фактора после входа сразу попадает в свой профиль, чтобы включить его, и не может отключить его, пока требование действует.
          </p>
        </div>
      </fetcher.Form>
    </section>
  );
}

export function TwoFactorOff({ user, announce }: { user: UserRow; announce: Announce }) {
  const fetcher = useFetcher();
  useAnnounce(fetcher, announce);
  const who = person(user);
  return (
    <fetcher.Form method="post" className="s-inline-form">
      <input type="hidden" name="intent" value="two-factor-off" />
      <input type="hidden" name="login" value={user.login} />
      <input type="hidden" name="name" value={user.name} />
      <Button type="submit" busy={fetcher.state !== "idle"} aria-label={`Отключить второй фактор пользователя «${who}»`}>
        Отключить второй фактор
      </Button>
    </fetcher.Form>
  );
}
