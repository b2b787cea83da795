import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditPage } from "#core/studio/api.ts";
import type { SettingsView, WebhookTestResult } from "#core/studio/settings.ts";
import { BACKENDS, eventually, postForm, validProject } from "../support/forms-server.ts";
import { submission } from "../support/inbox.ts";
import { addUser, call, signIn, startStudioServer, type StudioServer } from "../support/studio.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";

/**
 * «Настройки» through the studio's API, on both stores: only admins; errors at their fields in
 * Russian; a variable set on the server wins and cannot be changed; the webhook's secret is never
 * sent back nor stored readable; a changed webhook takes the next submission, with no restart; the
 * test send; the journal names each change; the daily retention run by the server's clock.
 */
const PASSWORDS = { admin: "Settings admin passphrase", sales: "Settings sales passphrase", hr: "Settings people passphrase", editor: "Settings editor 2026 ok" };
const DAY = 24 * 3_600_000;

describe.each(BACKENDS)("«Настройки» on %s", (backend) => {
  let server: StudioServer;
  let first: WebhookReceiver;
  let second: WebhookReceiver;
  let secondClosed = false;
  const cookies = { admin: "", sales: "", hr: "", editor: "" };
  const api = (role: keyof typeof cookies | null, method: string, path: string, body?: unknown) =>
    call(server, method, `/studio/api${path}`, { cookie: role ? cookies[role] : null, ...(body === undefined ? {} : { body }) });
  const view = async () => (await (await api("admin", "GET", "/settings")).json()) as SettingsView;
  const journal = async (action: string) => ((await (await api("admin", "GET", `/audit?action=${action}`)).json()) as AuditPage).entries;
  const signInAll = async () => {
    for (const role of ["admin", "sales", "hr", "editor"] as const) cookies[role] = await signIn(server, `settings.${role}`, PASSWORDS[role]);
  };

  beforeAll(async () => {
    first = await startWebhookReceiver("first-receiver-secret-0123");
    second = await startWebhookReceiver("second-receiver-secret-456");
    // The sales mailbox is the server's; the HR one and the webhook are left to the studio.
    server = await startStudioServer(backend, { LEADS_EMAIL_TO: "sales@env.example", JOBS_EMAIL_TO: "", LEADS_WEBHOOK_ALLOW_LOCAL: "true", SECRETS_KEY: "a settings key of the test server, 32+" });
    for (const role of ["admin", "sales", "hr", "editor"] as const) await addUser(server, `settings.${role}`, role, PASSWORDS[role]);
    await signInAll();
  }, 240_000);
  afterAll(async () => {
    await server?.dispose();
    await first?.close();
    if (!secondClosed) await second?.close();
  });

  it("answers admins only: 403 for every other role, 401 signed out", async () => {
    for (const role of ["sales", "hr", "editor"] as const) {
      expect((await api(role, "GET", "/settings")).status, role).toBe(403);
      expect((await api(role, "PUT", "/settings", { jobsEmail: "x@y.example" })).status, role).toBe(403);
      expect((await api(role, "POST", "/settings/webhook-test", {})).status, role).toBe(403);
    }
    expect((await api(null, "GET", "/settings")).status).toBe(401);
    const settings = await view();
    expect(settings.jobsEmail).toEqual({ value: "", source: "default" });
    expect(settings.webhookSecret).toEqual({ set: false, source: "default" });
    expect(settings.retentionDays).toEqual({ value: "365", source: "default" });
    expect(settings.retention.dailyAt).toBe("03:30");
  });

  it("refuses bad values at their fields, in Russian, and keeps nothing of them", async () => {
    const res = await api("admin", "PUT", "/settings", { jobsEmail: "не почта", webhookUrl: "ftp://crm.example/hook", retentionDays: "0" });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({
      jobsEmail: "Это не\u00a0похоже на\u00a0e-mail",
      webhookUrl: "Это не\u00a0похоже на\u00a0адрес: нужен вида https://crm.example.ru/hooks/leads",
      retentionDays: "Укажите целое число дней от\u00a01 до\u00a03650",
    });
    const noSecret = await api("admin", "PUT", "/settings", { webhookUrl: first.url });
    expect(noSecret.status).toBe(422);
    expect((await noSecret.json()).errors).toEqual({ webhookSecret: "Без секрета CRM не\u00a0сможет проверить подпись: задайте его" });
    const short = await api("admin", "PUT", "/settings", { webhookUrl: first.url, webhookSecret: "short" });
    expect((await short.json()).errors).toEqual({ webhookSecret: "Секрет должен быть не\u00a0короче 16\u00a0символов" });
    const credentials = await api("admin", "PUT", "/settings", { webhookUrl: "https://user:password@crm.example/hook", webhookSecret: first.secret });
    expect((await credentials.json()).errors).toEqual({ webhookUrl: "Уберите логин и\u00a0пароль из\u00a0адреса: CRM проверяет подпись" });
    expect((await api("admin", "PUT", "/settings", { retentionDays: 7 })).status).toBe(400);
    expect((await api("admin", "PUT", "/settings", { jobsEmail: "x".repeat(5_000) })).status).toBe(400);
    expect(await server.db.query("SELECT key FROM app_settings WHERE key LIKE 'setting.%'")).toEqual([]);
  });

  it("shows a variable set on the server read-only, and refuses to change it", async () => {
    expect((await view()).salesEmail).toEqual({ value: "sales@env.example", source: "environment" });
    const res = await api("admin", "PUT", "/settings", { salesEmail: "other@team.example" });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ salesEmail: "Задано в\u00a0окружении сервера: здесь это не\u00a0изменить" });
    // The same value sent back (a form sends its read-only field) changes nothing.
    expect((await api("admin", "PUT", "/settings", { salesEmail: "sales@env.example", jobsEmail: "hr@team.example" })).status).toBe(200);
    expect((await view()).jobsEmail).toEqual({ value: "hr@team.example", source: "studio" });
  });

  it("keeps the secret sealed, never sends it back, and the next submission goes to the webhook set", async () => {
    const saved = await api("admin", "PUT", "/settings", { webhookUrl: first.url, webhookSecret: first.secret });
    expect(saved.status).toBe(200);
    const answer = await saved.text();
    expect(answer).not.toContain(first.secret);
    expect((JSON.parse(answer) as SettingsView).webhookSecret).toEqual({ set: true, source: "studio" });
    expect(await (await api("admin", "GET", "/settings")).text()).not.toContain(first.secret);
    const rows = await server.db.query<{ key: string; value: string }>("SELECT key, value FROM app_settings");
    expect(JSON.stringify(rows)).not.toContain(first.secret);
    expect(rows.find((row) => row.key === "setting.webhookSecret")?.value).toMatch(/^v1:[\w-]{40,}$/);

    const one = validProject();
    expect((await postForm(server, "project", one)).status).toBe(200);
    await first.waitFor([String(one.id)]);
    expect(first.accepted.get(String(one.id))?.signatureValid).toBe(true);

    // Another address and secret: the very next submission goes there, no restart.
    expect((await api("admin", "PUT", "/settings", { webhookUrl: second.url, webhookSecret: second.secret })).status).toBe(200);
    const two = validProject();
    expect((await postForm(server, "project", two)).status).toBe(200);
    await second.waitFor([String(two.id)]);
    expect(first.requests.some((r) => r.id === two.id)).toBe(false);
  });

  it("sends a marked test request and tells its status and time, or what went wrong", async () => {
    const ok = await api("admin", "POST", "/settings/webhook-test", {});
    expect(ok.status).toBe(200);
    const result = (await ok.json()) as WebhookTestResult;
    expect(result).toMatchObject({ ok: true, status: 200, message: "CRM ответила 200: запрос принят" });
    expect(result.ms).toBeGreaterThanOrEqual(0);
    const test = second.requests.at(-1);
    expect(test).toMatchObject({ event: "test", signatureValid: true, body: { test: true } });
    expect(test?.headers["x-lead-test"]).toBe("1");

    second.respond = () => 500;
    expect(await (await api("admin", "POST", "/settings/webhook-test", {})).json()).toMatchObject({ ok: false, status: 500, message: "CRM ответила 500: запрос не\u00a0принят" });
    second.respond = () => 200;
    await second.close();
    secondClosed = true;
    expect(await (await api("admin", "POST", "/settings/webhook-test", {})).json()).toMatchObject({ ok: false, status: null, message: "Сервер CRM отказал в\u00a0соединении: проверьте адрес и\u00a0порт" });
  });

  it("names each change in the journal, never the secret", async () => {
    const changes = await journal("settings.change");
    expect(changes.map((e) => e.target)).toEqual(["Адрес вебхука CRM, Секрет подписи вебхука", "Адрес вебхука CRM, Секрет подписи вебхука", "Почта для откликов на\u00a0вакансии"]);
    expect(changes[0]).toMatchObject({ actorLogin: "settings.admin", details: { settings: ["webhookUrl", "webhookSecret"], values: { webhookUrl: `${new URL(second.url).origin}/…`, webhookSecret: "задан" } } });
    const everything = JSON.stringify(await server.db.query("SELECT * FROM studio_audit"));
    expect(everything).not.toContain(first.secret);
    expect(everything).not.toContain(second.secret);
    expect((await journal("settings.webhook-test")).map((e) => e.details.status)).toEqual([null, 500, 200]);

    // Cleared: no webhook, and said so.
    expect((await api("admin", "PUT", "/settings", { webhookUrl: "", clearWebhookSecret: true })).status).toBe(200);
    expect((await view()).webhookSecret).toEqual({ set: false, source: "default" });
    expect((await journal("settings.change"))[0]?.details.values).toEqual({ webhookUrl: null, webhookSecret: "удалён" });
  });

  it("deletes old requests once a day by itself, with the days set here, and says so on the screen and in the journal", async () => {
    const old = submission({ form: "project", name: "Старая Заявка", createdAt: Date.now() - 40 * DAY });
    const recent = submission({ form: "project", name: "Свежая Заявка", createdAt: Date.now() - 5 * DAY });
    await server.store.insertSubmissions([old, recent]);
    expect((await api("admin", "PUT", "/settings", { retentionDays: "30" })).status).toBe(200);
    // The server marks its first day within seconds of starting; the next day's run is the first one.
    await eventually(async () => (await server.db.query("SELECT 1 AS x FROM app_settings WHERE key = 'retention.day'")).length === 1, 20_000, "the first day marked");
    expect((await view()).retention.last).toBeNull();
    server.clock.advance(DAY);
    // A day on, the sessions are over.
    await signInAll();
    await eventually(async () => (await view()).retention.last !== null, 60_000, "the daily run's result");
    expect(await server.store.submission(old.id)).toBeNull();
    expect(await server.store.submission(recent.id)).not.toBeNull();
    const { retention } = await view();
    expect(retention.last).toMatchObject({ ok: true, days: 30, submissions: 1, wiped: true });
    expect(retention.nextAt).toBeGreaterThan(server.clock.now());
    const runs = await journal("retention.run");
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ actorLogin: null, details: { days: 30, submissions: 1 } });
  });
});
