import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { api, ApiFailure } from "../api/client.ts";
import type { RecoveryCodes, TwoFactorInfo, TwoFactorSetup } from "#core/studio/api.ts";
import { Button, Notice, NoticeArea, TextField, useFocusFirstError } from "../ui/index.ts";
import "./profile-two-factor.css";

/**
 * «Мой профиль» → «Второй фактор входа»: set up with an authenticator app (a QR code and the
 * secret as text), on after a right code; ten recovery codes shown once; new ones; off.
 */
export type TwoFactorResult = {
  ok: boolean;
  message: string;
  errors: Record<string, string>;
  setup?: TwoFactorSetup;
  recoveryCodes?: string[];
};

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/** The profile action's part for intents `two-factor-*` (called inside `signedIn`). */
export async function twoFactorAction(intent: string, form: FormData): Promise<TwoFactorResult> {
  try {
    if (intent === "two-factor-setup") return { ok: true, message: "", errors: {}, setup: await api<TwoFactorSetup>("POST", "/profile/two-factor/setup") };
    if (intent === "two-factor-on") {
      const { recoveryCodes } = await api<RecoveryCodes>("POST", "/profile/two-factor", { code: text(form, "code") });
      return { ok: true, message: "Второй фактор включён. Сохраните коды восстановления: они показаны один раз.", errors: {}, recoveryCodes };
    }
    if (intent === "two-factor-codes") {
      const { recoveryCodes } = await api<RecoveryCodes>("POST", "/profile/two-factor/recovery-codes", { password: text(form, "password") });
      return { ok: true, message: "Новые коды восстановления созданы, прежние больше не действуют. Сохраните их: они показаны один раз.", errors: {}, recoveryCodes };
    }
    await api("DELETE", "/profile/two-factor", { password: text(form, "password"), code: text(form, "code") });
    return { ok: true, message: "Второй фактор отключён: теперь для входа достаточно пароля.", errors: {} };
  } catch (error) {
    if (error instanceof ApiFailure && error.status !== 401 && !error.errors.secondFactor) return { ok: false, message: error.message, errors: error.errors };
    throw error;
  }
}

export function TwoFactorSection({ info }: { info: TwoFactorInfo }) {
  const setup = useFetcher<TwoFactorResult>();
  const confirm = useFetcher<TwoFactorResult>();
  const codes = useFetcher<TwoFactorResult>();
  const off = useFetcher<TwoFactorResult>();
  const [shown, setShown] = useState<TwoFactorResult | null>(null);
  // The latest answer of any of its forms is what the section says (field errors stay at their fields).
  useShown(setup, setShown);
  useShown(confirm, setShown);
  useShown(codes, setShown);
  useShown(off, setShown);
  const mustSetUp = info.isAdmin && info.adminsRequired && !info.enabled;
  const errorShown = shown && !shown.ok && Object.keys(shown.errors).length === 0;
  return (
    <section className="s-section" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="s-section__title">
        Второй фактор входа
      </h2>
      <NoticeArea>
        {mustSetUp ? <Notice tone="error">Администраторам студии второй фактор обязателен: включите его, чтобы продолжить работу.</Notice> : null}
        {shown?.ok && shown.message ? <Notice tone="success">{shown.message}</Notice> : null}
        {errorShown ? <Notice tone="error">{shown.message}</Notice> : null}
      </NoticeArea>
      {shown?.recoveryCodes ? <RecoveryList codes={shown.recoveryCodes} /> : null}
      {info.enabled ? (
        <Enabled info={info} codes={codes} off={off} />
      ) : (
        <Setup setup={setup} confirm={confirm} />
      )}
    </section>
  );
}

type Fetcher = ReturnType<typeof useFetcher<TwoFactorResult>>;

function useShown(fetcher: Fetcher, show: (result: TwoFactorResult) => void) {
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) show(fetcher.data);
  }, [fetcher.state, fetcher.data, show]);
}

function Setup({ setup, confirm }: { setup: Fetcher; confirm: Fetcher }) {
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const errors = confirm.data && !confirm.data.ok ? confirm.data.errors : undefined;
  useFocusFirstError(form, errors);
  const secret = setup.data?.setup;
  return (
    <>
      <p className="s-two-factor__lead">
        После пароля студия спросит шестизначный код из приложения-аутентификатора на телефоне (Яндекс Ключ, Google Authenticator, 1Password и другие): без телефона войти по одному паролю не получится.
      </p>
      {secret ? (
        <div className="s-two-factor__setup">
          <img className="s-two-factor__qr" src={secret.qr} alt="QR-код для приложения-аутентификатора" width={200} height={200} />
          <div className="s-two-factor__steps">
            <p>1. Отсканируйте QR-код приложением. Не получается — добавьте ключ вручную:</p>
            <p>
              <code className="s-two-factor__secret">{secret.secret}</code>
            </p>
            <p>2. Введите код, который покажет приложение.</p>
            <confirm.Form method="post" noValidate className="s-form" ref={setForm}>
              <input type="hidden" name="intent" value="two-factor-on" />
              <TextField label="Код из приложения" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={20} error={errors?.code} />
              <Button type="submit" variant="primary" busy={confirm.state !== "idle"}>
                Подтвердить и включить
              </Button>
            </confirm.Form>
          </div>
        </div>
      ) : (
        <setup.Form method="post">
          <input type="hidden" name="intent" value="two-factor-setup" />
          <Button type="submit" variant="primary" busy={setup.state !== "idle"}>
            Включить второй фактор
          </Button>
        </setup.Form>
      )}
    </>
  );
}

function Enabled({ info, codes, off }: { info: TwoFactorInfo; codes: Fetcher; off: Fetcher }) {
  const [codesForm, setCodesForm] = useState<HTMLFormElement | null>(null);
  const [offForm, setOffForm] = useState<HTMLFormElement | null>(null);
  const codesErrors = codes.data && !codes.data.ok ? codes.data.errors : undefined;
  const offErrors = off.data && !off.data.ok ? off.data.errors : undefined;
  useFocusFirstError(codesForm, codesErrors);
  useFocusFirstError(offForm, offErrors);
  const adminKeeps = info.isAdmin && info.adminsRequired;
  return (
    <>
      <p className="s-two-factor__lead">
        Второй фактор включён: после пароля студия спрашивает код из приложения. Неиспользованных кодов восстановления: {info.recoveryLeft}.
      </p>
      <codes.Form method="post" noValidate className="s-form" ref={setCodesForm}>
        <h3 className="s-two-factor__title">Новые коды восстановления</h3>
        <input type="hidden" name="intent" value="two-factor-codes" />
        <TextField label="Пароль" name="password" type="password" autoComplete="current-password" hint="Прежние коды перестанут действовать." error={codesErrors?.password} />
        <Button type="submit" busy={codes.state !== "idle"}>
          Создать новые коды
        </Button>
      </codes.Form>
      {adminKeeps ? (
        <p className="s-two-factor__lead">Отключить второй фактор нельзя: для администраторов он обязателен.</p>
      ) : (
        <off.Form method="post" noValidate className="s-form" ref={setOffForm}>
          <h3 className="s-two-factor__title">Отключить второй фактор</h3>
          <input type="hidden" name="intent" value="two-factor-off" />
          <TextField label="Пароль" name="password" type="password" autoComplete="current-password" hint="Или вместо пароля — код из приложения ниже." error={offErrors?.password} />
          <TextField label="Код из приложения" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={40} error={offErrors?.code} />
          <Button type="submit" busy={off.state !== "idle"}>
            Отключить
          </Button>
        </off.Form>
      )}
    </>
  );
}

function RecoveryList({ codes }: { codes: string[] }) {
  return (
    <div className="s-two-factor__codes">
      <h3 className="s-two-factor__title">Коды восстановления</h3>
      <p>Каждый код действует один раз — вместо кода из приложения, если телефона нет под рукой. Распечатайте их или сохраните в менеджере паролей.</p>
      <ul className="s-two-factor__code-list" aria-label="Коды восстановления">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
