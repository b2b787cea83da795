import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApp } from "../support/app.ts";
import { atEveryWidth } from "../support/axe.ts";
import { launchBrowser, openSession } from "../support/browser.ts";
import { addUser, signedInSession, startStudioServer, type StudioServer, type StudioSession } from "../support/studio.ts";

/**
 * «Поиск по сайту» in Chromium: a visitor searches the site and follows a result; the editor sees
 * the query with its count and the result followed at its place, and what found nothing; what a
 * query finds now and after the next publication; a synonym group or a pinned page started from a
 * query; the screen fits 390, 768 and 1440 px and passes axe.
 */
const PASSWORD = "Search log in the browser 2026";

let server: StudioServer;
let browser: Browser;
let editor: StudioSession;

beforeAll(async () => {
  server = await startStudioServer("sqlite");
  await addUser(server, "search.web", "editor", PASSWORD, "Ольга Поисковая");
  browser = await launchBrowser();
  editor = await signedInSession(browser, server.baseUrl, { login: "search.web", password: PASSWORD }, 1440, { path: "/studio/search-log/" });
}, 240_000);
afterAll(async () => {
  await editor?.context.close();
  await browser?.close();
  await server?.dispose();
});

describe("«Поиск по сайту»", () => {
  it("says nothing was searched yet, then shows what a visitor searched, what found nothing and the result followed", async () => {
    const { page } = editor;
    await page.getByText("Пока ничего не искали").waitFor();

    const visitor = await openSession(browser, { width: 390, russian: true });
    // Typed after hydration: text typed into the server's field before it would wait for the next key.
    await openApp(visitor.page, "/search/", server.baseUrl);
    const field = visitor.page.getByLabel("Что вы ищете?");
    // The query the visitor stops at is reported, once; the beacon is awaited, not a pause.
    const reported = visitor.page.waitForRequest((r) => r.url().endsWith("/search-log") && (r.postData() ?? "").includes("щзщщзщ"));
    await field.fill("щзщщзщ");
    await visitor.page.getByText(/ничего не\sнашлось/).waitFor();
    await reported;
    const searched = visitor.page.waitForRequest((r) => r.url().endsWith("/search-log") && (r.postData() ?? "").includes('"found"') && (r.postData() ?? "").includes("аналитика"));
    await field.fill("сквозная аналитика");
    const first = visitor.page.locator(".search-hit__title a").first();
    await first.waitFor();
    await searched;
    const href = await first.getAttribute("href");
    const followed = visitor.page.waitForRequest((r) => r.url().endsWith("/search-log") && (r.postData() ?? "").includes('"position":1'));
    await first.click();
    await followed;
    await visitor.context.close();

    await page.reload();
    const row = page.getByRole("row", { name: /сквозная аналитика/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${href} — 1-е место, 1\u00a0переход`);
    const empty = page.getByRole("row", { name: /щзщщзщ/ });
    expect(await empty.getByRole("link", { name: "Добавить синонимы" }).count()).toBe(1);
    // What a query finds on the site now and after the next publication, from its row.
    await row.getByRole("button", { name: "Что найдёт «сквозная аналитика»" }).click();
    const now = page.locator(".s-query-results__column").filter({ has: page.getByRole("heading", { name: "Сейчас на\u00a0сайте" }) });
    await now.getByRole("link").first().waitFor();
    expect(await now.getByRole("link").first().getAttribute("href")).toBe(href);
    expect(await page.getByRole("heading", { name: "После публикации" }).count()).toBe(1);
    expect(await page.getByLabel("Запрос", { exact: true }).inputValue()).toBe("сквозная аналитика");
    expect(await atEveryWidth(page, 1440)).toEqual([]);

    await page.getByLabel("Только ничего не нашедшие").check();
    await page.getByRole("button", { name: "Показать", exact: true }).click();
    await page.waitForURL(/empty=1/);
    // The address changes as the filtered list arrives; the table is drawn again a moment later.
    await expect.poll(() => page.getByRole("row", { name: /сквозная аналитика/ }).count()).toBe(0);
    expect(await page.getByRole("row", { name: /щзщщзщ/ }).count()).toBe(1);
    expect(await atEveryWidth(page, 1440)).toEqual([]);

    // From the query that found nothing, a synonym group starts with it, shown for the words the pages use to be added.
    await page.getByRole("row", { name: /щзщщзщ/ }).getByRole("link", { name: "Добавить синонимы" }).click();
    await page.waitForURL(/searchSynonyms/);
    // Asked until it settles: the form may be drawn again once its entry's data is in (the group is added on each drawing).
    const words = page.getByRole("row").filter({ hasText: "щзщщзщ" });
    await expect.poll(() => words.count(), { timeout: 15_000 }).toBe(1);

    // From a query, a page is pinned to it: the new pin opens with the query, for the page to be picked.
    await page.goBack();
    await page.getByRole("row", { name: /щзщщзщ/ }).getByRole("link", { name: "Закрепить страницу" }).click();
    await page.waitForURL(/pin=/);
    const pinned = page.getByLabel("Запрос", { exact: true });
    await pinned.waitFor();
    expect(await pinned.inputValue()).toBe("щзщщзщ");
    expect(await page.getByLabel("Страница", { exact: true }).count()).toBe(1);
  });
});
