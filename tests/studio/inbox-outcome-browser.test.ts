import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { readSheet } from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../support/axe.ts";
import { launchBrowser } from "../support/browser.ts";
import { submission } from "../support/inbox.ts";
import { addUser, signedInSession, startStudioServer, type StudioServer, type StudioSession } from "../support/studio.ts";

/**
 * Stages with an outcome and the inbox on a phone, in Chromium on the embedded store: a request
 * lost with a reason (asked for at its field), which its page, its history, the funnel, the Excel
 * file and the journal then carry; at 390 px the list is on the first screen, the panels above
 * it folded and opened by keyboard, nothing wider than the window; the new screens at 390, 768
 * and 1440 px with axe.
 */
const PASSWORD = "Outcomes in the browser 2026";
const HOUR = 3_600_000;

let server: StudioServer;
let browser: Browser;
const now = Date.now();
const lost = submission({ form: "project", name: "Лариса Потерянная", company: "ООО «Ромашка»", phone: "+74951234567", createdAt: now - 3 * HOUR, utm: { utm_source: "vk" } });
const others = Array.from({ length: 6 }, (_, i) => submission({ form: "project", name: `Заказчик Номер${"абвгде"[i]}`, createdAt: now - (4 + i) * HOUR }));
const subscription = submission({ form: "subscribe", createdAt: now - HOUR });

beforeAll(async () => {
  server = await startStudioServer("sqlite");
  await addUser(server, "sales.web", "sales", PASSWORD, "Соня Продажина");
  await addUser(server, "admin.web", "admin", PASSWORD, "Ада Админова");
  await server.store.insertSubmissions([lost, ...others, subscription]);
  const [sales] = await server.db.query<{ id: number }>("SELECT id FROM studio_users WHERE login = 'sales.web'");
  await server.db.query("UPDATE submissions SET owner_id = $2 WHERE id = $1", [lost.id, Number(sales?.id)]);
  await server.db.query("INSERT INTO submission_comments (submission_id, at, author_login, author_name, body) VALUES ($1, $2, 'sales.web', 'Соня Продажина', 'Сравнивают с\u00a0другим агентством')", [lost.id, now - HOUR]);
  browser = await launchBrowser();
  // A server of its own and a browser, on a shared two-core host.
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const signIn = (width: number, login: string, path = "/studio/inbox/"): Promise<StudioSession> => signedInSession(browser, server.baseUrl, { login, password: PASSWORD }, width, { path, acceptDownloads: true });

describe("stages with an outcome in a browser", () => {
  it("loses a request with a reason, shown on it, in its history, the funnel, the Excel file and the journal", async () => {
    const session = await signIn(1440, "sales.web", `/studio/inbox/${lost.id}/`);
    const { page } = session;
    await page.getByRole("heading", { level: 1, name: /Лариса Потерянная/ }).waitFor();
    await page.getByLabel("Новый этап").selectOption({ label: "Отказ" });
    await page.getByRole("button", { name: "Сохранить этап" }).click();
    await page.getByText("Выберите причину отказа из\u00a0списка").waitFor();
    expect(await page.getByLabel("Причина отказа").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Причина отказа").selectOption({ label: "Дорого" });
    await page.getByLabel("Пояснение").fill("Бюджет вдвое меньше");
    await page.getByRole("button", { name: "Сохранить этап" }).click();
    await page.getByRole("heading", { name: "Этап: Отказ" }).waitFor();
    await page.getByText("Причина отказа: Дорого").waitFor();
    const history = await page.getByRole("list", { name: "История этапов" }).getByRole("listitem").allTextContents();
    expect(history.at(-1)).toMatch(/Новая → Отказ \(причина: Дорого; Бюджет вдвое меньше\)$/);

    // The funnel: the loss by its reason and its source.
    await page.goto(`${server.baseUrl}/studio/inbox/`);
    await page.getByText("Воронка", { exact: true }).click();
    const funnel = page.locator("section[aria-labelledby='funnel-project']");
    await expect.poll(() => funnel.getByRole("heading").textContent()).toMatch(/пришло 7, успех 0, отказ 1/);
    expect(await funnel.getByRole("table", { name: "Отказы по\u00a0причинам" }).getByRole("row", { name: /Дорого/ }).textContent()).toBe("Дорого1");
    expect(await funnel.getByRole("table", { name: "По\u00a0источникам" }).getByRole("row", { name: /^vk/ }).textContent()).toBe("vk101");

    // The Excel file: owner, stage, last comment and the reason.
    const [excel] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Скачать Excel" }).click()]);
    const [header = [], ...rows] = (await readSheet(readFileSync(await excel.path()))) as unknown[][];
    const ours = rows.find((row) => row[header.indexOf("Имя")] === "Лариса Потерянная") ?? [];
    const cell = (name: string) => ours[header.indexOf(name)];
    expect(cell("Ответственный")).toBe("Соня Продажина");
    expect(cell("Этап")).toBe("Отказ");
    expect(String(cell("Последний комментарий"))).toMatch(/Соня Продажина: Сравнивают с\u00a0другим агентством$/);
    expect(cell("Причина отказа")).toBe("Дорого: Бюджет вдвое меньше");

    // The journal names the reason, never the note.
    const entries = await server.db.query<{ details: string }>("SELECT details FROM studio_audit WHERE action = 'inbox.status' AND target = $1", [lost.id]);
    expect(entries.map((e) => JSON.parse(e.details))).toEqual([expect.objectContaining({ to: "rejected", reason: "Дорого", note: true })]);
    expect(entries[0]?.details).not.toContain("вдвое");
    expect(session.problems).toEqual([]);
    await session.context.close();
  }, 180_000);

  it("shows requests on a phone's first screen, the panels folded and opened by keyboard, nothing wider than 390 px", async () => {
    const session = await signIn(390, "sales.web");
    const { page } = session;
    await page.getByRole("heading", { level: 1, name: "Заявки" }).waitFor();
    await page.locator(".s-inbox-table tbody tr").first().waitFor();
    const screen = await page.evaluate(() => {
      const first = document.querySelector(".s-inbox-table tbody tr")?.getBoundingClientRect();
      const wide = [...document.querySelectorAll("body *")].filter((el) => !el.closest(".s-visually-hidden") && el.getBoundingClientRect().right > window.innerWidth + 0.5).map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
      return { top: first?.top ?? Infinity, height: window.innerHeight, scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth, wide };
    });
    expect(screen.top, "the first request starts on the first screen").toBeLessThan(screen.height - 100);
    expect(screen.scroll).toBeLessThanOrEqual(screen.client);
    expect(screen.wide).toEqual([]);
    expect(await page.getByLabel("Поиск").isVisible()).toBe(false);
    await page.getByText("Фильтр", { exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.getByLabel("Поиск").fill("+7 (495) 123-45-67");
    await page.getByLabel("Поиск").press("Enter");
    await expect.poll(() => page.locator(".s-inbox-table tbody tr").allTextContents()).toEqual([expect.stringContaining("Лариса Потерянная")]);
    // Its services and budget on the row.
    expect(await page.locator(".s-inbox-table tbody tr").textContent()).toContain("Услуги: Аналитика");
    // The stage filter keeps kinds apart: a request's «Новая» and a subscription's are two choices.
    const groups = await page.getByLabel("Этап", { exact: true }).locator("optgroup").evaluateAll((list) => list.map((g) => g.getAttribute("label")));
    expect(groups).toEqual(["Заявка на проект", "Подписка на рассылку", "Регистрация на событие"]);
    expect(session.problems).toEqual([]);
    await session.context.close();
  }, 180_000);

  it.each([390, 768, 1440])("fits %i px with the funnel open, a loss being chosen and the reasons edited: nothing wider, nothing for axe", async (width) => {
    const session = await signIn(width, "admin.web", "/studio/");
    const { page } = session;
    const screens: Array<[string, () => Promise<void>]> = [
      ["/studio/inbox/?since=2020-01-01&until=2030-12-31", async () => void (await page.locator("section[aria-labelledby='funnel-project']").waitFor())],
      [`/studio/inbox/${others[0]?.id}/`, async () => {
        await page.getByLabel("Новый этап").selectOption({ label: "Спам" });
        await page.getByLabel("Причина отказа").waitFor();
      }],
      ["/studio/inbox/stages/", async () => void (await page.getByRole("group", { name: "Причины отказа" }).first().waitFor())],
    ];
    for (const [path, ready] of screens) {
      await page.goto(server.baseUrl + path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await ready();
      const where = `${path} at ${width} px`;
      const layout = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
        wide: [...document.querySelectorAll("body *")].filter((el) => !el.closest(".s-visually-hidden") && el.getBoundingClientRect().width > window.innerWidth + 0.5).map((el) => el.tagName),
      }));
      expect(layout.scroll, `${where} scrolls sideways`).toBeLessThanOrEqual(layout.client);
      expect(layout.wide, where).toEqual([]);
      expect(await axe(page), where).toEqual([]);
    }
    expect(session.problems).toEqual([]);
    await session.context.close();
  }, 240_000);
});
