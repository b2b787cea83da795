import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atEveryWidth } from "../support/axe.ts";
import { launchBrowser } from "../support/browser.ts";
import { postForm, validProject } from "../support/forms-server.ts";
import { addUser, signedInSession, startStudioServer, type StudioServer, type StudioSession } from "../support/studio.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";

/**
 * «Настройки» in Chromium, as an admin without a terminal uses it: the CRM's address and secret
 * set on the screen, a test send with its answer, and the next request from the site's form
 * arrives at that address; the journal names the change; the screen fits 390, 768 and 1440 px
 * and passes axe, its errors at their fields included.
 */
const PASSWORD = "Settings in the browser 2026";

let server: StudioServer;
let browser: Browser;
let session: StudioSession;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver("browser-receiver-secret-789");
  server = await startStudioServer("sqlite", { LEADS_WEBHOOK_ALLOW_LOCAL: "true", JOBS_EMAIL_TO: "" });
  await addUser(server, "settings.web", "admin", PASSWORD, "Сергей Настройкин");
  browser = await launchBrowser();
  session = await signedInSession(browser, server.baseUrl, { login: "settings.web", password: PASSWORD }, 1440, { path: "/studio/settings/" });
}, 240_000);
afterAll(async () => {
  await session?.context.close();
  await browser?.close();
  await server?.dispose();
  await receiver?.close();
});

describe("«Настройки»", () => {
  it("is in the admin's navigation, refuses a bad address at its field, and the screen passes axe at every width", async () => {
    const { page } = session;
    expect(await page.getByRole("navigation").getByRole("link", { name: "Настройки" }).count()).toBe(1);
    // The sales mailbox is the server's: read-only, and said so.
    expect(await page.getByLabel("Почта для заявок на\u00a0проекты").getAttribute("readonly")).not.toBeNull();
    await page.getByText(/Задано в\sокружении сервера \(LEADS_EMAIL_TO\)/).waitFor();
    await page.getByLabel("Адрес вебхука CRM").fill("ftp://crm.example/hook");
    await page.getByRole("button", { name: "Сохранить вебхук" }).click();
    await page.getByText(/^Это не\sпохоже на\sадрес/).waitFor();
    expect(await page.getByLabel("Адрес вебхука CRM").getAttribute("aria-invalid")).toBe("true");
    expect(await atEveryWidth(page, 1440)).toEqual([]);
  });

  it("sets the webhook on the screen, test-sends to it, and the next request from the site arrives there; the journal names the change", async () => {
    const { page } = session;
    await page.getByLabel("Адрес вебхука CRM").fill(receiver.url);
    await page.getByLabel("Секрет подписи вебхука").fill(receiver.secret);
    await page.getByRole("button", { name: "Сохранить вебхук" }).click();
    await page.getByText(/^Сохранено\./).waitFor();
    await page.getByText(/^Секрет: задан$/).waitFor();
    // Write-only: the field is empty again, and the page holds the secret nowhere.
    expect(await page.getByLabel("Новый секрет").inputValue()).toBe("");
    expect(await page.content()).not.toContain(receiver.secret);

    await page.getByRole("button", { name: "Отправить пробный запрос" }).click();
    await page.getByText(/^CRM ответила 200: запрос принят\. Время ответа: \d+\sмс\.$/).waitFor();
    expect(receiver.requests.at(-1)).toMatchObject({ event: "test", signatureValid: true });

    const request = validProject();
    expect((await postForm(server, "project", request)).status).toBe(200);
    await receiver.waitFor([String(request.id)]);
    expect(receiver.accepted.get(String(request.id))).toMatchObject({ event: "submission.created", signatureValid: true });

    await page.goto(`${server.baseUrl}/studio/journal/`);
    const row = page.getByRole("row", { name: /Настройки изменены/ });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain("Адрес вебхука CRM, Секрет подписи вебхука");
    expect(await page.content()).not.toContain(receiver.secret);

    // With the secret set the screen still passes axe at every width.
    await page.goto(`${server.baseUrl}/studio/settings/`);
    await page.getByText(/^Секрет: задан$/).waitFor();
    expect(await atEveryWidth(page)).toEqual([]);
  });
});
