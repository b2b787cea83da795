import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atEveryWidth } from "../support/axe.ts";
import { launchBrowser, openSession } from "../support/browser.ts";
import { addUser, signedInSession, startStudioServer, type StudioServer } from "../support/studio.ts";
import { codeAt } from "../../server/studio/two-factor/codes.ts";

/**
 * Two-factor sign-in in Chromium: an admin turns it on in «Мой профиль» (the QR code and the
 * secret as text, a wrong code refused at its field, ten recovery codes shown), signs out and
 * in again with a code of the test server's clock; then requires it of admins on the users'
 * screen, and another admin is sent to set it up first. Every screen axe clean at 390, 768
 * and 1440 px, nothing wider than the screen.
 */
const OLGA = { login: "olga", password: "Olga guards the studio 1" };
const PETR = { login: "petr", password: "Petr is admin too 22" };

let server: StudioServer;
let browser: Browser;

beforeAll(async () => {
  server = await startStudioServer("sqlite");
  await addUser(server, OLGA.login, "admin", OLGA.password, "Ольга Админова");
  await addUser(server, PETR.login, "admin", PETR.password, "Пётр Админов");
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe("two-factor sign-in in a browser", () => {
  it("is set up in the profile and asked for at the next sign-in", { timeout: 480_000 }, async () => {
    const { context, page, problems } = await signedInSession(browser, server.baseUrl, OLGA, 1440, { path: "/studio/profile/" });
    await page.getByRole("button", { name: "Включить второй фактор" }).click();
    const qr = page.getByRole("img", { name: "QR-код для приложения-аутентификатора" });
    await qr.waitFor();
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = ((await page.locator(".s-two-factor__secret").textContent()) ?? "").replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await atEveryWidth(page, 1440), "the set-up").toEqual([]);
    const code = page.getByLabel("Код из приложения");
    await code.fill("000000");
    await page.getByRole("button", { name: "Подтвердить и включить" }).click();
    await page.getByText("Код не\u00a0подходит. Введите шесть цифр, которые сейчас показывает приложение.").waitFor();
    expect(await code.getAttribute("aria-invalid")).toBe("true");
    server.clock.advance(30_000);
    await code.fill(codeAt(secret, server.clock.now()));
    await page.getByRole("button", { name: "Подтвердить и включить" }).click();
    await page.getByRole("status").filter({ hasText: "Второй фактор включён. Сохраните коды восстановления" }).waitFor();
    expect(await page.getByRole("list", { name: "Коды восстановления" }).getByRole("listitem").count()).toBe(10);
    await page.getByText("Неиспользованных кодов восстановления: 10.").waitFor();
    expect(await atEveryWidth(page, 1440), "the recovery codes").toEqual([]);

    await page.getByRole("button", { name: "Выйти" }).click();
    await page.waitForURL(/\/studio\/sign-in\/\?out=1$/);
    await page.getByLabel("Логин").fill(OLGA.login);
    await page.getByLabel("Пароль").fill(OLGA.password);
    await page.getByRole("button", { name: "Войти" }).click();
    await page.getByRole("heading", { level: 1, name: "Код подтверждения" }).waitFor();
    await page.getByLabel("Код").fill("123456");
    await page.getByRole("button", { name: "Подтвердить" }).click();
    await page.getByText("Неверный код. Введите шесть цифр, которые сейчас показывает приложение, или код восстановления.").waitFor();
    expect(await page.getByLabel("Код").getAttribute("aria-invalid")).toBe("true");
    expect(await atEveryWidth(page, 1440), "the code's step with its error").toEqual([]);
    server.clock.advance(30_000);
    await page.getByLabel("Код").fill(codeAt(secret, server.clock.now()));
    await page.getByRole("button", { name: "Подтвердить" }).click();
    await page.waitForURL(/\/studio\/$/);
    await page.getByRole("heading", { level: 1, name: "Здравствуйте, Ольга Админова" }).waitFor();

    await page.goto(`${server.baseUrl}/studio/users/`);
    await page.getByRole("row", { name: /olga/ }).getByText("Второй фактор", { exact: true }).waitFor();
    await page.getByLabel("Требовать второй фактор от администраторов").check();
    await page.getByRole("status").filter({ hasText: "Теперь администраторам нужен второй фактор" }).waitFor();
    expect(await atEveryWidth(page, 1440), "the users' screen with the switch").toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends an admin without a second factor to set it up before anything else", { timeout: 240_000 }, async () => {
    const { context, page, problems } = await openSession(browser, { width: 390, height: 900, russian: true });
    await page.goto(`${server.baseUrl}/studio/users/`);
    await page.waitForURL(/\/studio\/sign-in\//);
    await page.getByLabel("Логин").fill(PETR.login);
    await page.getByLabel("Пароль").fill(PETR.password);
    await page.getByRole("button", { name: "Войти" }).click();
    await page.waitForURL(/\/studio\/profile\/$/);
    expect(new URL(page.url()).pathname).toBe("/studio/profile/");
    await page.getByText("Администраторам студии второй фактор обязателен: включите его, чтобы продолжить работу.").waitFor();
    await page.goto(`${server.baseUrl}/studio/journal/`);
    await page.waitForURL(/\/studio\/profile\/$/);
    expect(await atEveryWidth(page), "the profile asking for the set-up").toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
