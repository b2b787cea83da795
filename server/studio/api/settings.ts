import { randomUUID } from "node:crypto";
import { z } from "zod";
import { METRIKA_ID } from "#core/lib/metrika-id.ts";
import { COUNTER_LABEL, type CounterSetting, SETTING_LABELS, SETTINGS_MESSAGES as M, type SettingName, type SettingsView, type WebhookTestResult } from "#core/studio/settings.ts";
import { clock } from "../../clock.ts";
import { callWebhook, DeliveryError } from "../../leads/webhook.ts";
import { PRIVATE_ADDRESS, type TargetProblem, webhookTargetProblem } from "../../leads/webhook-target.ts";
import type { Context } from "../context.ts";
import { HttpError, MESSAGES } from "../http.ts";
import { PublishingError } from "../publishing.ts";
import { nextRun } from "../retention-daily.ts";
import { LAST_KEY } from "../retention-run.ts";
import type { ApiRoute } from "../router.ts";

/**
 * «Настройки» (admins only): the team's mailboxes, the CRM webhook with a test send, how long
 * requests are kept, with the daily run's last result, and the Metrica counter (a publication). A value whose variable is set on the server
 * is read-only here. The secret is written, replaced or cleared, never sent back. Each change is
 * one journal entry naming the settings changed (a secret's value never).
 */
const TEXT_LIMITS = { salesEmail: 254, jobsEmail: 254, webhookUrl: 2_000, retentionDays: 10 } as const;
type TextName = keyof typeof TEXT_LIMITS;
const SECRET_MIN = 16;
const SECRET_MAX = 200;
/** A test send waits at most this long: the admin is looking at the button. */
const TEST_TIMEOUT_MS = 10_000;

const URL_PROBLEMS: Record<TargetProblem, string> = {
  invalid: M.urlInvalid,
  https: M.urlHttps,
  credentials: M.urlCredentials,
  private: M.urlPrivate,
  unknown: M.urlUnknown,
};

const email = z.email().max(254);

async function textProblem(ctx: Context, name: TextName, value: string): Promise<string | null> {
  if (value === "") return null;
  if (name === "salesEmail" || name === "jobsEmail") return email.safeParse(value).success ? null : M.email;
  if (name === "retentionDays") return /^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= 3_650 ? null : M.days;
  const problem = await webhookTargetProblem(value, ctx.services.settings.allowLocalWebhook);
  return problem ? URL_PROBLEMS[problem] : null;
}

/**
 * A new counter asked for: its number, null to take it off, undefined for no change; a problem goes
 * into `errors` at the field. It is set by a publication, so one must be possible now.
 */
function askedCounter(ctx: Context, body: Record<string, unknown>, now: CounterSetting, errors: Record<string, string>): string | null | undefined {
  if (!Object.hasOwn(body, "metrikaId")) return undefined;
  const raw = body.metrikaId;
  if (typeof raw !== "string" || raw.length > 100) throw new HttpError(400, MESSAGES.badJson);
  // As people copy it: with spaces or the word «№».
  const value = raw.replace(/[\s№#]/g, "");
  if (value === (now.publishing !== undefined ? (now.publishing ?? "") : now.value)) return undefined;
  if (now.source === "environment") errors.metrikaId = M.fromEnvironment;
  else if (value !== "" && !METRIKA_ID.test(value)) errors.metrikaId = M.counter;
  else if (!ctx.services.publishing) errors.metrikaId = M.counterNoPublishing;
  else if (ctx.services.publishing.job()?.state === "running") errors.metrikaId = M.counterBusy;
  else return value === "" ? null : value;
  return undefined;
}

/** The counter on the site, and the one a publication under way is setting. */
function counterView(ctx: Context): CounterSetting {
  const fixed = ctx.services.config.metrikaId;
  const publishing = ctx.services.publishing;
  if (fixed) return { value: fixed, source: "environment", canPublish: publishing !== null };
  if (!publishing) return { value: "", source: "default", canPublish: false };
  const { live, publishing: asked, failed } = publishing.counter();
  return { value: live ?? "", source: live ? "studio" : "default", ...(asked !== undefined ? { publishing: asked } : {}), canPublish: true, ...(failed ? { failed } : {}) };
}

/** The changes asked for, checked at their fields: a text "" goes back to the default; null in the result is that. */
async function changesOf(ctx: Context, body: Record<string, unknown>, now: SettingsView): Promise<{ changes: Partial<Record<SettingName, string | null>>; counter: string | null | undefined }> {
  const { settings } = ctx.services;
  const errors: Record<string, string> = {};
  const counter = askedCounter(ctx, body, now.metrikaId, errors);
  const changes: Partial<Record<SettingName, string | null>> = {};
  for (const name of Object.keys(TEXT_LIMITS) as TextName[]) {
    if (!Object.hasOwn(body, name)) continue;
    const raw = body[name];
    if (typeof raw !== "string" || raw.length > TEXT_LIMITS[name] * 2) throw new HttpError(400, MESSAGES.badJson);
    const value = raw.trim();
    const current = now[name];
    if (current.source === "environment") {
      if (value !== current.value) errors[name] = M.fromEnvironment;
      continue;
    }
    if (value === (current.source === "studio" ? current.value : "")) continue;
    const problem = value.length > TEXT_LIMITS[name] ? (name === "webhookUrl" ? M.urlInvalid : name === "retentionDays" ? M.days : M.email) : await textProblem(ctx, name, value);
    if (problem) errors[name] = problem;
    else changes[name] = value === "" ? null : name === "retentionDays" ? String(Number(value)) : value;
  }
  const secret = body.webhookSecret;
  const clear = body.clearWebhookSecret;
  if ((secret !== undefined && typeof secret !== "string") || (clear !== undefined && typeof clear !== "boolean")) throw new HttpError(400, MESSAGES.badJson);
  if ((typeof secret === "string" && secret !== "") || clear === true) {
    if (settings.fromEnvironment("webhookSecret")) errors.webhookSecret = M.fromEnvironment;
    else if (clear === true) changes.webhookSecret = null;
    else if ((secret as string).length < SECRET_MIN) errors.webhookSecret = M.secretShort;
    else if ((secret as string).length > SECRET_MAX) errors.webhookSecret = M.secretLong;
    else changes.webhookSecret = secret as string;
  }
  // A webhook is signed: an address without a secret would deliver nothing.
  const url = changes.webhookUrl !== undefined ? changes.webhookUrl : now.webhookUrl.value || null;
  const hasSecret = changes.webhookSecret !== undefined ? changes.webhookSecret !== null : now.webhookSecret.set && !now.webhookSecret.unreadable;
  if (url && !hasSecret && !errors.webhookSecret && !errors.webhookUrl) errors.webhookSecret = now.webhookSecret.unreadable ? M.unreadableSecret : M.secretNeeded;
  if (Object.keys(errors).length > 0) throw new HttpError(422, MESSAGES.invalid, errors);
  return { changes, counter };
}

async function view(ctx: Context): Promise<SettingsView> {
  const { settings, config } = ctx.services;
  const at = config.retentionDailyAt;
  return {
    ...(await settings.view()),
    metrikaId: counterView(ctx),
    mail: config.mail,
    retention: { dailyAt: at, nextAt: at ? nextRun(clock.now(), at) : null, last: await settings.mark(LAST_KEY) },
  };
}

/**
 * A new counter goes on every page by a publication of its own (it carries nothing saved); the
 * journal names the change when it is asked for, the publication's own entry its result.
 */
async function publishCounter(ctx: Context, user: { id: number; login: string; name: string }, counter: string | null): Promise<void> {
  const publishing = ctx.services.publishing;
  if (!publishing) throw new HttpError(422, MESSAGES.invalid, { metrikaId: M.counterNoPublishing });
  try {
    publishing.publishCounter(user, counter);
  } catch (error) {
    if (error instanceof PublishingError) throw new HttpError(422, MESSAGES.invalid, { metrikaId: M.counterBusy });
    throw error;
  }
  await ctx.services.audit.write({
    action: "settings.change",
    actor: { id: user.id, login: user.login },
    target: COUNTER_LABEL,
    details: { settings: ["metrikaId"], values: { metrikaId: counter ?? "снят" } },
    ip: ctx.client.ip,
  });
}

/**
 * What the journal keeps of a change: the new mail addresses and days; of the webhook only its
 * origin (many CRMs put a token in the path); of the secret only that it was set or cleared.
 */
function journalValues(changes: Partial<Record<SettingName, string | null>>): Record<string, string | null> {
  const kept = (name: string, value: string | null): string | null => {
    if (name === "webhookSecret") return value === null ? "удалён" : "задан";
    if (name === "webhookUrl" && value !== null) return URL.canParse(value) ? `${new URL(value).origin}/…` : "задан";
    return value;
  };
  return Object.fromEntries(Object.entries(changes).map(([name, value]) => [name, kept(name, value)]));
}

/** A clearly marked test payload, signed like a real delivery, sent from the studio's process with a short timeout. */
async function testSend(ctx: Context): Promise<WebhookTestResult> {
  const { webhook } = await ctx.services.settings.live();
  if (!webhook) throw new HttpError(422, MESSAGES.invalid, { webhookUrl: M.noWebhook });
  const problem = webhook.checked ? await webhookTargetProblem(webhook.url, ctx.services.settings.allowLocalWebhook) : null;
  if (problem) return { ok: false, status: null, ms: 0, message: URL_PROBLEMS[problem] };
  const now = clock.now();
  const id = `test-${randomUUID()}`;
  const body = JSON.stringify({ event: "test", test: true, id, message: "Пробный запрос из\u00a0студии: это не\u00a0заявка, сохранять его не\u00a0нужно", sentAt: new Date(now).toISOString() });
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const status = await callWebhook({ ...webhook, publicOnly: webhook.checked && !ctx.services.settings.allowLocalWebhook }, body, { "X-Lead-Id": id, "X-Lead-Event": "test", "X-Lead-Test": "1" }, now, TEST_TIMEOUT_MS);
    const ok = status >= 200 && status <= 299;
    return { ok, status, ms: ms(), message: ok ? `CRM ответила ${status}: запрос принят` : `CRM ответила ${status}: запрос не\u00a0принят${status >= 300 && status < 400 ? " (перенаправления не\u00a0выполняются)" : ""}` };
  } catch (error) {
    const reason = error instanceof DeliveryError ? error.reason : undefined;
    const message =
      reason === "timeout"
        ? `CRM не\u00a0ответила за\u00a0${TEST_TIMEOUT_MS / 1000}\u00a0секунд`
        : reason === "ECONNREFUSED"
          ? "Сервер CRM отказал в\u00a0соединении: проверьте адрес и\u00a0порт"
          : reason === PRIVATE_ADDRESS
            ? M.urlPrivate
          : reason === "ENOTFOUND" || reason === "EAI_AGAIN"
            ? "Сервер CRM не\u00a0найден: проверьте имя в\u00a0адресе"
            : reason?.startsWith("ERR_TLS") || reason?.includes("CERT")
              ? "Сертификат сервера CRM не\u00a0прошёл проверку"
              : "Не\u00a0удалось соединиться с\u00a0сервером CRM";
    return { ok: false, status: null, ms: ms(), message };
  }
}

export const settingsRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/settings",
    access: "settings:manage",
    async handle(ctx) {
      ctx.send(200, await view(ctx));
    },
  },
  {
    method: "PUT",
    path: "/settings",
    access: "settings:manage",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const body = await ctx.body();
      const { changes, counter } = await changesOf(ctx, body, await view(ctx));
      const names = Object.keys(changes) as SettingName[];
      if (names.length > 0) {
        const now = clock.now();
        const { db } = ctx.services.inbox;
        await db.transaction(async (tx) => {
          await ctx.services.settings.write(tx, changes, session.user.login, now);
          await ctx.services.audit.write(
            {
              action: "settings.change",
              actor: { id: session.user.id, login: session.user.login },
              target: names.map((name) => SETTING_LABELS[name]).join(", "),
              details: { settings: names, values: journalValues(changes) },
              ip: ctx.client.ip,
              at: now,
            },
            tx,
          );
        });
      }
      if (counter !== undefined) await publishCounter(ctx, session.user, counter);
      ctx.send(200, await view(ctx));
    },
  },
  {
    method: "POST",
    path: "/settings/webhook-test",
    access: "settings:manage",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const result = await testSend(ctx);
      await ctx.services.audit.write({
        action: "settings.webhook-test",
        actor: { id: session.user.id, login: session.user.login },
        target: SETTING_LABELS.webhookUrl,
        details: { ok: result.ok, status: result.status, ms: result.ms },
        ip: ctx.client.ip,
      });
      ctx.send(200, result);
    },
  },
];
