import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atEveryWidth } from "../support/axe.ts";
import { launchBrowser, openSession, type Session } from "../support/browser.ts";
import { submission } from "../support/inbox.ts";
import { addUser, startStudioServer, type StudioServer } from "../support/studio.ts";

/**
 * HR answers a candidate in Chromium: finds their two applications by e-mail (a client's request
 * under the same e-mail stays out of sight), opens the person's copy — a Russian document with the
 * forms' labels and Moscow time, whatever the browser's own zone, printed without the studio around
 * it, the candidate's hostile name shown as text —, then erases one application after confirming
 * the e-mail; the other remains. Every screen of it axe-clean at 390, 768 and 1440 px.
 */
const PASSWORD = "People answer candidates 2026";
const EMAIL = "vera.kandidatova@people.example";
const HOSTILE = "Вера <img src=x onerror=alert(1)>";

let server: StudioServer;
let browser: Browser;
// 5 March 2026, 21:30 UTC: already the 6th in Moscow.
const first = submission({ form: "job", createdAt: Date.UTC(2026, 2, 5, 21, 30), name: HOSTILE, email: EMAIL, phone: "+79035550011", message: "Хочу к вам аналитиком" });
const second = submission({ form: "job", createdAt: Date.UTC(2026, 3, 1, 9, 0), name: HOSTILE, email: EMAIL, phone: "+79035550011", message: "Второй отклик, на другую вакансию" });
const request = submission({ form: "project", name: "Вера Клиентова", email: EMAIL, company: "ООО «Ромашка»", message: "Нужна аналитика" });

beforeAll(async () => {
  server = await startStudioServer("sqlite");
  await addUser(server, "hr.pd", "hr", PASSWORD, "Гера Кадрова");
  await server.store.insertSubmissions([first, second, request]);
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** Signed in as HR on the personal-data page, in a browser whose own clock is in New York (the document must not follow it). */
async function signedIn(): Promise<Session> {
  const session = await openSession(browser, { width: 1440, height: 900, russian: true, timezoneId: "America/New_York" });
  const { page } = session;
  await page.goto(`${server.baseUrl}/studio/personal-data/`);
  await page.waitForURL(/\/studio\/sign-in\//);
  await page.getByLabel("Логин").fill("hr.pd");
  await page.getByLabel("Пароль").fill(PASSWORD);
  await page.getByRole("button", { name: "Войти" }).click();
  await page.getByRole("heading", { level: 1, name: "Персональные данные" }).waitFor();
  return session;
}

describe("HR answers a candidate's request in a browser", () => {
  it("finds the applications, shows the person's copy in Russian and Moscow time, erases one of two after confirmation", { timeout: 300_000 }, async () => {
    const session = await signedIn();
    const { page } = session;
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await page.getByRole("navigation", { name: "Разделы студии" }).getByRole("link", { name: "Персональные данные" }).waitFor();
    expect(await page.getByRole("heading", { name: "Срок хранения" }).count(), "retention is the admins'").toBe(0);
    await page.getByLabel("E-mail").fill(EMAIL.toUpperCase());
    await page.getByRole("button", { name: "Найти" }).click();
    await page.getByRole("heading", { name: "Найдено откликов: 2" }).waitFor();
    const found = page.getByRole("table", { name: "Найденные заявки" });
    expect(await found.getByRole("checkbox").count()).toBe(2);
    expect(await page.getByText("Ромашка").count(), "the client's request stays out of sight").toBe(0);
    expect(await atEveryWidth(page, 1440), "the report").toEqual([]);

    // The person's copy: a document, not the studio's table.
    await page.getByRole("button", { name: "Копия для человека" }).click();
    const copy = page.getByRole("article", { name: "Сведения о ваших персональных данных" });
    await copy.waitFor();
    expect(await page.getByRole("table", { name: "Найденные заявки" }).isVisible()).toBe(false);
    await copy.getByText("Агентство «Ориентир»").waitFor();
    await copy.getByRole("heading", { name: /^Отклик\s№\s\d+\sот\s6\sмарта\s2026\sг\.\sв\s00:30$/ }).waitFor();
    await copy.getByText(/^Копия\sсоставлена\s\d{1,2}\s[а-я]+\s\d{4}\sг\.\sв\s\d{2}:\d{2}\s\(время\sмосковское\)/).waitFor();
    for (const label of ["Имя", "E-mail", "Телефон", "Вакансия", "Сопроводительное письмо", "Согласие на обработку", "Этап рассмотрения"]) {
      expect(await copy.getByRole("term").filter({ hasText: new RegExp(`^${label.replace(/ /g, "\\s")}$`) }).count(), label).toBe(2);
    }
    await copy.getByRole("definition").filter({ hasText: /^\+7\s903\s555-00-11$/ }).first().waitFor();
    await copy.getByRole("definition").filter({ hasText: "Хочу к вам аналитиком" }).waitFor();
    // The candidate's name is text: no element made of it, nothing run.
    expect(await copy.getByRole("definition").filter({ hasText: HOSTILE }).count()).toBe(2);
    expect(await page.locator("main img").count()).toBe(0);
    expect(await copy.getByText("Ромашка").count()).toBe(0);
    await page.getByRole("button", { name: "Распечатать или сохранить в PDF" }).waitFor();
    expect(await atEveryWidth(page, 1440), "the document").toEqual([]);
    // Printed: the document alone.
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("navigation", { name: "Разделы студии" }).isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Распечатать или сохранить в PDF" }).isVisible()).toBe(false);
    expect(await copy.isVisible()).toBe(true);
    await page.emulateMedia({ media: "screen" });

    // Back to the report, its ticks as they were: one application left out, the other erased.
    await page.getByRole("button", { name: "Вернуться к найденному" }).click();
    await found.waitFor();
    await found.getByRole("checkbox", { name: /1\sапреля\s2026/ }).uncheck();
    const erase = page.getByRole("button", { name: "Удалить безвозвратно" });
    await page.getByLabel(/^Для\sподтверждения\sвведите\se-mail/).fill(EMAIL);
    expect(await server.store.submission(first.id), "nothing deleted before the click").not.toBeNull();
    await erase.click();
    await page.getByRole("status").filter({ hasText: "Удалено: заявок — 1" }).waitFor();
    expect(await server.store.submission(first.id)).toBeNull();
    expect(await server.store.submission(second.id)).not.toBeNull();
    expect(await server.store.submission(request.id)).not.toBeNull();
    await page.getByRole("button", { name: "Найти" }).click();
    await page.getByRole("heading", { name: "Найдено откликов: 1" }).waitFor();
    expect(dialogs).toBe(0);
    expect(session.problems).toEqual([]);
    await session.context.close();
  });
});
