import { useEffect, useState } from "react";
import { type ActionFunctionArgs, Link, type LoaderFunctionArgs, useFetcher, useLoaderData, useRevalidator } from "react-router";
import { api, ApiFailure, signedIn } from "../api/client.ts";
import { formatDateTime, isoDateTime } from "../lib/format.ts";
import { pages } from "#core/studio/paths.ts";
import { COUNTER_LABEL, SETTING_LABELS, SETTING_VARIABLES, type SettingName, type SettingsChange, type SettingsView, type TextSetting, type WebhookTestResult } from "#core/studio/settings.ts";
import { Button, Notice, NoticeArea, Page, TextField, useFocusFirstError } from "../ui/index.ts";
import "./settings.css";

/**
 * «Настройки» (admins): the team's mailboxes, the CRM webhook with a test send, how long requests
 * are kept and the daily deletion's last result, the Metrica counter (saved by publishing every page). A value
 * set in the server's environment is shown read-only; the webhook's secret only as set or not.
 */
export function settingsLoader({ request }: LoaderFunctionArgs): Promise<SettingsView> {
  return signedIn(request, () => api<SettingsView>("GET", "/settings"));
}

type Saved = { intent: string; ok: boolean; message: string; errors?: Record<string, string> };
type Tested = { intent: "test"; ok: boolean; message: string; result?: WebhookTestResult; errors?: Record<string, string> };

const text = (form: FormData, name: string) => String(form.get(name) ?? "");
/** How often the screen asks whether the counter's publication is done. */
const COUNTER_POLL_MS = 3_000;

/** Only the section's own fields, and of those only the ones not set on the server. */
function changeOf(intent: string, form: FormData): SettingsChange {
  const present = (name: SettingName) => form.has(name);
  const change: SettingsChange = {};
  if (intent === "mail") {
    if (present("salesEmail")) change.salesEmail = text(form, "salesEmail");
    if (present("jobsEmail")) change.jobsEmail = text(form, "jobsEmail");
  } else if (intent === "webhook") {
    if (present("webhookUrl")) change.webhookUrl = text(form, "webhookUrl");
    if (text(form, "webhookSecret")) change.webhookSecret = text(form, "webhookSecret");
    if (form.get("clearWebhookSecret") === "on") change.clearWebhookSecret = true;
  } else if (intent === "retention" && present("retentionDays")) change.retentionDays = text(form, "retentionDays");
  else if (intent === "metrika" && form.has("metrikaId")) change.metrikaId = text(form, "metrikaId");
  return change;
}

export async function settingsAction({ request }: ActionFunctionArgs): Promise<Saved | Tested> {
  const form = await request.formData();
  const intent = text(form, "intent");
  return signedIn(request, async () => {
    try {
      if (intent === "test") {
        const result = await api<WebhookTestResult>("POST", "/settings/webhook-test", {});
        return { intent: "test", ok: result.ok, message: result.message, result };
      }
      await api<SettingsView>("PUT", "/settings", changeOf(intent, form));
      if (intent === "metrika") return { intent, ok: true, message: "Сохранено. Счётчик появится на\u00a0всех страницах сайта, когда закончится публикация: она уже идёт." };
      return { intent, ok: true, message: "Сохранено. Следующая заявка пойдёт уже с\u00a0этими настройками." };
    } catch (error) {
      if (error instanceof ApiFailure && error.status !== 401) return { intent, ok: false, message: error.message, errors: error.errors };
      throw error;
    }
  });
}

/** A value's field: editable, or read-only with the variable that sets it. */
function SettingField({ name, setting, hint, error, type = "text", ...input }: { name: SettingName; setting: TextSetting; hint: string; error: string | undefined; type?: string; inputMode?: "numeric"; autoComplete?: string }) {
  const fixed = setting.source === "environment";
  return (
    <TextField
      label={SETTING_LABELS[name]}
      name={name}
      type={type}
      defaultValue={setting.value}
      readOnly={fixed}
      hint={fixed ? `Задано в\u00a0окружении сервера (${SETTING_VARIABLES[name]}): здесь не\u00a0изменить.` : hint}
      error={error}
      spellCheck={false}
      {...input}
    />
  );
}

function useSection(intent: string) {
  const fetcher = useFetcher<Saved>();
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const data = fetcher.data?.intent === intent ? fetcher.data : undefined;
  useFocusFirstError(form, data && !data.ok ? data.errors : undefined);
  return { fetcher, data, setForm, form };
}

function Outcome({ data }: { data: Saved | undefined }) {
  return (
    <NoticeArea>
      {data?.ok ? <Notice tone="success">{data.message}</Notice> : null}
      {data && !data.ok && Object.keys(data.errors ?? {}).length === 0 ? <Notice tone="error">{data.message}</Notice> : null}
    </NoticeArea>
  );
}

function MailSection({ view }: { view: SettingsView }) {
  const { fetcher, data, setForm } = useSection("mail");
  return (
    <section className="s-section" aria-labelledby="mail-title">
      <h2 id="mail-title" className="s-section__title">
        Почта команды
      </h2>
      {view.mail ? null : <p className="s-muted">Письма с&nbsp;сайта сейчас не&nbsp;уходят: на&nbsp;сервере не&nbsp;задан почтовый сервер (SMTP_URL). Адреса сохранятся и&nbsp;заработают, когда его зададут.</p>}
      <fetcher.Form method="post" noValidate className="s-form" ref={setForm}>
        <input type="hidden" name="intent" value="mail" />
        <SettingField name="salesEmail" setting={view.salesEmail} type="email" autoComplete="off" hint="Сюда приходят заявки на&nbsp;проекты. Пусто — адрес из&nbsp;раздела «Контакты» сайта." error={data?.errors?.salesEmail} />
        <SettingField name="jobsEmail" setting={view.jobsEmail} type="email" autoComplete="off" hint="Сюда приходят отклики с&nbsp;резюме. Пусто — адрес из&nbsp;раздела «Контакты» сайта." error={data?.errors?.jobsEmail} />
        <Button type="submit" busy={fetcher.state !== "idle"}>
          Сохранить почту
        </Button>
      </fetcher.Form>
      <Outcome data={data} />
    </section>
  );
}

function secretState(view: SettingsView): string {
  const secret = view.webhookSecret;
  if (secret.source === "environment") return "задан в\u00a0окружении сервера (LEADS_WEBHOOK_SECRET)";
  if (secret.unreadable) return "задан, но\u00a0сохранён с\u00a0другим ключом шифрования: задайте его заново";
  return secret.set ? "задан" : "не\u00a0задан";
}

function WebhookSection({ view }: { view: SettingsView }) {
  const { fetcher, data, setForm, form } = useSection("webhook");
  const test = useFetcher<Tested>();
  const tested = test.data?.intent === "test" ? test.data : undefined;
  useEffect(() => {
    // The secret is write-only: gone from the field once saved.
    if (data?.ok) form?.reset();
  }, [data, form]);
  const secretFixed = view.webhookSecret.source === "environment";
  return (
    <section className="s-section" aria-labelledby="webhook-title">
      <h2 id="webhook-title" className="s-section__title">
        Вебхук CRM
      </h2>
      <p className="s-muted">Каждая заявка и&nbsp;отклик уходят на&nbsp;этот адрес в&nbsp;JSON, подписанные секретом (заголовок X-Lead-Signature). Пустой адрес — вебхука нет.</p>
      <fetcher.Form method="post" noValidate className="s-form" ref={setForm}>
        <input type="hidden" name="intent" value="webhook" />
        <SettingField name="webhookUrl" setting={view.webhookUrl} type="url" autoComplete="off" hint="Только https://. Адреса внутренней сети сервера не&nbsp;принимаются." error={data?.errors?.webhookUrl} />
        <p className="s-settings__state">
          Секрет: <strong>{secretState(view)}</strong>
        </p>
        {secretFixed ? null : (
          <>
            <TextField
              label={view.webhookSecret.set ? "Новый секрет" : SETTING_LABELS.webhookSecret}
              name="webhookSecret"
              type="password"
              autoComplete="new-password"
              hint="От 16 до&nbsp;200 символов; тот же, что в&nbsp;CRM. Сохранённый секрет не&nbsp;показывается: его можно только заменить или удалить."
              error={data?.errors?.webhookSecret}
            />
            {view.webhookSecret.set ? (
              <label className="s-check">
                <input type="checkbox" name="clearWebhookSecret" /> Удалить секрет
              </label>
            ) : null}
          </>
        )}
        <Button type="submit" busy={fetcher.state !== "idle"}>
          Сохранить вебхук
        </Button>
      </fetcher.Form>
      <Outcome data={data} />
      <test.Form method="post" className="s-settings__test">
        <input type="hidden" name="intent" value="test" />
        <Button type="submit" busy={test.state !== "idle"}>
          Отправить пробный запрос
        </Button>
        <p className="s-muted">На&nbsp;сохранённый адрес уйдёт запрос с&nbsp;пометкой «test»: CRM может его не&nbsp;сохранять.</p>
      </test.Form>
      <NoticeArea>
        {tested ? (
          <Notice tone={tested.ok ? "success" : "error"}>
            {tested.errors?.webhookUrl ?? tested.message}
            {tested.result ? `. Время ответа: ${tested.result.ms}\u00a0мс.` : null}
          </Notice>
        ) : null}
      </NoticeArea>
    </section>
  );
}

function lastRun(view: SettingsView): string {
  const last = view.retention.last;
  if (!last) return "ещё не\u00a0было";
  const when = formatDateTime(last.at);
  if (last.error) return `${when}: не\u00a0удалось — ${last.error}`;
  const counts = `удалено заявок — ${last.submissions}, неподтверждённых подписок — ${last.subscriptions}`;
  return last.wiped ? `${when}: ${counts}` : `${when}: ${counts}; их следы в\u00a0файлах базы сотрёт следующее удаление`;
}

function RetentionSection({ view }: { view: SettingsView }) {
  const { fetcher, data, setForm } = useSection("retention");
  const { dailyAt, nextAt, last } = view.retention;
  return (
    <section className="s-section" aria-labelledby="retention-title">
      <h2 id="retention-title" className="s-section__title">
        Срок хранения заявок
      </h2>
      <fetcher.Form method="post" noValidate className="s-form" ref={setForm}>
        <input type="hidden" name="intent" value="retention" />
        <SettingField name="retentionDays" setting={view.retentionDays} inputMode="numeric" autoComplete="off" hint="Заявки и&nbsp;отклики старше удаляются. Пусто — 365 дней." error={data?.errors?.retentionDays} />
        <Button type="submit" busy={fetcher.state !== "idle"}>
          Сохранить срок
        </Button>
      </fetcher.Form>
      <Outcome data={data} />
      <dl className="s-facts s-settings__facts">
        <dt>Удаление</dt>
        <dd>{dailyAt ? `сервер удаляет сам каждый день в\u00a0${dailyAt} по\u00a0Москве` : "выключено на\u00a0сервере (RETENTION_DAILY_AT=off)"}</dd>
        {nextAt ? (
          <>
            <dt>Следующее</dt>
            <dd>
              <time dateTime={isoDateTime(nextAt)}>{formatDateTime(nextAt)}</time>
            </dd>
          </>
        ) : null}
        <dt>Последнее</dt>
        <dd className={last && !last.ok ? "s-settings__failed" : undefined}>{lastRun(view)}</dd>
      </dl>
    </section>
  );
}

function counterState(counter: SettingsView["metrikaId"]): string {
  if (counter.publishing !== undefined) return counter.publishing ? `публикуется счётчик ${counter.publishing}` : "публикуется снятие счётчика";
  return counter.value ? `на\u00a0сайте счётчик ${counter.value}` : "счётчика на\u00a0сайте нет";
}

function MetrikaSection({ view }: { view: SettingsView }) {
  const { fetcher, data, setForm } = useSection("metrika");
  const counter = view.metrikaId;
  const revalidator = useRevalidator();
  const publishing = counter.publishing !== undefined;
  // While the publication runs, the state is asked again every few seconds, until the counter is on the site.
  useEffect(() => {
    if (!publishing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, COUNTER_POLL_MS);
    return () => clearInterval(timer);
  }, [publishing, revalidator]);
  const fixed = counter.source === "environment";
  return (
    <section className="s-section" aria-labelledby="metrika-title">
      <h2 id="metrika-title" className="s-section__title">
        Яндекс Метрика
      </h2>
      <p className="s-settings__state" role="status">
        Сейчас: <strong>{counterState(counter)}</strong>
      </p>
      {fixed || !counter.canPublish ? (
        <p className="s-muted">
          {fixed
            ? `Счётчик ${counter.value} задан в\u00a0окружении сервера (PUBLIC_METRIKA_ID): здесь его не\u00a0изменить.`
            : "Этот сервер ничего не\u00a0публикует (режим разработки): счётчик задаётся переменной PUBLIC_METRIKA_ID."}
        </p>
      ) : (
        <fetcher.Form method="post" noValidate className="s-form" ref={setForm}>
          <input type="hidden" name="intent" value="metrika" />
          <TextField
            label={COUNTER_LABEL}
            name="metrikaId"
            defaultValue={counter.publishing !== undefined ? (counter.publishing ?? "") : counter.value}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            hint="Цифры из\u00a0Метрики, например 98765432. Пусто\u00a0— счётчика нет. Счётчик стоит в\u00a0каждой странице, поэтому сохранение публикует сайт заново: это займёт несколько минут, сохранённые черновики не\u00a0публикуются."
            error={data?.errors?.metrikaId}
          />
          <Button type="submit" busy={fetcher.state !== "idle"}>
            Сохранить счётчик
          </Button>
        </fetcher.Form>
      )}
      <Outcome data={data} />
      {counter.failed ? (
        <NoticeArea>
          <Notice tone="error">{`Счётчик не\u00a0опубликован, на\u00a0сайте прежний: ${counter.failed}`}</Notice>
        </NoticeArea>
      ) : null}
      {publishing ? (
        <p className="s-muted">
          Ход публикации&nbsp;— в&nbsp;разделе <Link to={pages.releases}>«Публикации»</Link>.
        </p>
      ) : null}
    </section>
  );
}

export function Settings() {
  const view = useLoaderData() as SettingsView;
  return (
    <Page title="Настройки">
      <MailSection view={view} />
      <WebhookSection view={view} />
      <RetentionSection view={view} />
      <MetrikaSection view={view} />
    </Page>
  );
}
