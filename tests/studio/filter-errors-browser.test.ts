import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../support/axe.ts";
import { launchBrowser } from "../support/browser.ts";
import { submission } from "../support/inbox.ts";
import { addUser, signedInSession, startStudioServer, type StudioServer, type StudioSession } from "../support/studio.ts";

/**
 * Errors people understand, in Chromium: a reversed date range or a name typed where the
 * journal wants a login is a message at its field, and the list stays (whether the form caught
 * it or the address carried it); a failed delivery says in Russian what happened, with the
 * technical text one click away. The inbox and the journal with a field error pass axe.
 */
const PASSWORD = "Filters in the browser 2026";
const ERROR_PAGE = /Не\sполучилось открыть страницу/;

let server: StudioServer;
let browser: Browser;
let session: StudioSession;
const request = submission({ form: "project", name: "Зоя Фильтрова", email: "zoya@filters.example", deliveries: [{ channel: "webhook" }] });

beforeAll(async () => {
  server = await startStudioServer("sqlite");
  await addUser(server, "filters.admin", "admin", PASSWORD, "Фаина Фильтрова");
  await server.store.insertSubmission(request);
  await server.db.query("UPDATE outbox SET status = 'dead', attempts = 8, last_error = 'webhook: fetch failed (ECONNREFUSED)' WHERE submission_id = $1", [request.id]);
  browser = await launchBrowser();
  session = await signedInSession(browser, server.baseUrl, { login: "filters.admin", password: PASSWORD }, 1440, { path: "/studio/inbox/" });
});
afterAll(async () => {
  await session?.context.close();
  await browser?.close();
  await server?.dispose();
});

const fieldError = (page: Page, label: string | RegExp) => page.getByLabel(label, { exact: true });

describe("filter errors at their fields", () => {
  it("a reversed date range in the inbox: a message at «По», the list stays, axe clean", async () => {
    const { page } = session;
    await page.goto(`${server.baseUrl}/studio/inbox/`);
    const row = page.getByRole("link", { name: "Зоя Фильтрова" });
    await row.waitFor();
    // Typed in the form the Russian way, whatever the browser's language: caught before asking, the address and the list unchanged.
    expect(await page.locator('input[type="date"], input[type="datetime-local"]').count()).toBe(0);
    expect(await page.getByLabel("С", { exact: true }).getAttribute("placeholder")).toBe("ДД.ММ.ГГГГ");
    await page.getByLabel("С", { exact: true }).fill("20.11.2026");
    await page.getByLabel("По", { exact: true }).fill("10.11.2026");
    await page.getByRole("button", { name: "Показать" }).click();
    await page.getByText(/^Дата «по» раньше даты «с»$/).waitFor();
    expect(await fieldError(page, "По").getAttribute("aria-invalid")).toBe("true");
    expect(await fieldError(page, "По").evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(page.url()).search).toBe("");
    expect(await row.count()).toBe(1);
    expect(await page.getByText(ERROR_PAGE).count()).toBe(0);
    expect(await axe(page)).toEqual([]);

    // Carried by the address (a bookmark, a link): the server's message at the same field, the list without the dates.
    await page.goto(`${server.baseUrl}/studio/inbox/?from=2026-11-20&to=2026-11-10&status=new`);
    await page.getByText(/^Дата «по» раньше даты «с»$/).waitFor();
    expect(await fieldError(page, "По").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("link", { name: "Зоя Фильтрова" }).count()).toBe(1);
    expect(await page.getByText(ERROR_PAGE).count()).toBe(0);
    expect(await axe(page)).toEqual([]);

    // A malformed day in the address: the same, at «С».
    await page.goto(`${server.baseUrl}/studio/inbox/?from=2026-13-45`);
    await page.getByText(/^Укажите дату в\sвиде ДД\.ММ\.ГГГГ$/).waitFor();
    expect(await fieldError(page, "С").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("link", { name: "Зоя Фильтрова" }).count()).toBe(1);
  });

  it("a name typed into the journal's «Кто (логин)»: a message at the field, the journal stays, axe clean", async () => {
    const { page } = session;
    await page.goto(`${server.baseUrl}/studio/journal/`);
    const table = page.getByRole("table", { name: "Записи журнала" });
    await table.waitFor();
    await page.getByLabel("Кто (логин)").fill("Фаина");
    await page.getByRole("button", { name: "Показать" }).click();
    await page.getByText(/^Здесь нужен логин, а\sне\sимя/).waitFor();
    expect(await page.getByLabel("Кто (логин)").getAttribute("aria-invalid")).toBe("true");
    expect(await table.count()).toBe(1);
    await page.goto(`${server.baseUrl}/studio/journal/?actor=%D0%A4%D0%B0%D0%B8%D0%BD%D0%B0`);
    await page.getByText(/^Здесь нужен логин, а\sне\sимя/).waitFor();
    expect(await page.getByRole("table", { name: "Записи журнала" }).count()).toBe(1);
    expect(await page.getByText(ERROR_PAGE).count()).toBe(0);
    expect(await axe(page)).toEqual([]);
  });

  it("a failed delivery in Russian, the technical text on demand", async () => {
    const { page } = session;
    await page.goto(`${server.baseUrl}/studio/inbox/${request.id}/`);
    await page.getByText(/^Сервер CRM не\sпринял соединение/).waitFor();
    const technical = page.getByText("webhook: fetch failed (ECONNREFUSED)");
    expect(await technical.isVisible()).toBe(false);
    await page.getByText("Техническая ошибка").click();
    expect(await technical.isVisible()).toBe(true);
    expect(await axe(page)).toEqual([]);
    expect(session.problems).toEqual([]);
  });
});
