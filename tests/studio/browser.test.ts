import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atEveryWidth, axe } from "../support/axe.ts";
import { launchBrowser, openSession, type Session } from "../support/browser.ts";
import { submission } from "../support/inbox.ts";
import { addUser, startStudioServer, type StudioServer } from "../support/studio.ts";
import { firstScreens } from "../support/studio-weight.ts";
import { FULL_RUN, inTurn } from "../support/templates.ts";
import { asBuilt } from "../support/typography.ts";

/**
 * The studio in Chromium, as its people use it: an editor made with the
 * account command signs in, sees the shell, signs out; an admin adds a user
 * and blocks one, handing their request to another;
 * hostile display names stay text; every page passes axe (WCAG 2.2 A/AA) with
 * no CSP violation; focus follows navigation.
 */
const XSS_NAME = `<img src=x onerror="window.__xss=1">"><script>window.__xss=2</script>`;

let server: StudioServer;
let browser: Browser;

beforeAll(async () => {
  server = await startStudioServer("sqlite");
  await addUser(server, "admin", "admin", "Admin's browser passphrase", "Алла Админова");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});


/** A fresh browser profile in Russian, recording console errors and CSP violations. */
const open = (width = 1440): Promise<Session> => openSession(browser, { width, height: 900, russian: true });

async function signInAs(page: Page, login: string, password: string, path = "/studio/") {
  await page.goto(server.baseUrl + path);
  await page.waitForURL(/\/studio\/sign-in\//);
  await page.getByLabel("Логин").fill(login);
  await page.getByLabel("Пароль").fill(password);
  await page.getByRole("button", { name: "Войти" }).click();
}

describe("the studio in a browser", () => {
  it("an editor made with the command signs in at /studio/, sees the shell of their role, and signs out", async () => {
    await addUser(server, "editor.anna", "editor", "Anna edits the site 2026", "Анна Редакторова");
    const { context, page, problems } = await open();
    await page.goto(`${server.baseUrl}/studio/`);
    await page.waitForURL(/\/studio\/sign-in\/$/);
    // By keyboard alone: the login field, the password, Enter.
    await page.getByLabel("Логин").focus();
    await page.keyboard.type("editor.anna");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Anna edits the site 2026");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/studio\/$/);
    await page.getByRole("heading", { level: 1, name: "Здравствуйте, Анна Редакторова" }).waitFor();
    const header = page.getByRole("banner");
    expect(await header.getByText("Студия", { exact: true }).isVisible()).toBe(true);
    expect(await header.getByText("Редактор", { exact: true }).isVisible()).toBe(true);
    const nav = page.getByRole("navigation", { name: "Разделы студии" });
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Обзор", "Контент", "Медиа", "Публикации", "Поиск по\u00a0сайту", "Мой профиль"]);
    // Hidden links are not the check: the server refuses the page's data too.
    await page.goto(`${server.baseUrl}/studio/users/`);
    await page.getByRole("heading", { level: 1, name: "Нет доступа" }).waitFor();
    await page.getByRole("button", { name: "Выйти" }).click();
    await page.waitForURL(/\/studio\/sign-in\/\?out=1$/);
    expect(await page.getByRole("status").textContent()).toBe(asBuilt("Вы вышли из студии."));
    await page.goto(`${server.baseUrl}/studio/profile/`);
    await page.waitForURL(/\/studio\/sign-in\/\?next=%2Fstudio%2Fprofile%2F$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("tells a wrong password at the form, and returns to the page asked for after sign-in", async () => {
    const { context, page, problems } = await open();
    await signInAs(page, "admin", "not the right one", "/studio/journal/");
    expect(await page.getByRole("alert").textContent()).toBe("Неверный логин или пароль");
    await page.getByLabel("Пароль").fill("Admin's browser passphrase");
    await page.getByRole("button", { name: "Войти" }).click();
    await page.waitForURL(/\/studio\/journal\/$/);
    await page.getByRole("cell", { name: "Неудачный вход" }).first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("an admin adds a user in the studio; names render as text, never as markup", async () => {
    await addUser(server, "hostile", "editor", "Hostile name passphrase", XSS_NAME);
    const { context, page, problems } = await open();
    await signInAs(page, "admin", "Admin's browser passphrase", "/studio/users/");
    await page.waitForURL(/\/studio\/users\/$/);
    await page.getByRole("heading", { level: 1, name: "Пользователи" }).waitFor();
    expect(await page.getByText(XSS_NAME, { exact: true }).count()).toBe(1);
    expect(await page.locator("img[src=x], main script").count()).toBe(0);
    expect(await page.evaluate(() => (window as Window & { __xss?: number }).__xss)).toBeUndefined();

    const form = page.locator("section", { has: page.getByRole("heading", { name: "Добавить пользователя" }) });
    await form.getByLabel("Логин").fill("new.writer");
    await form.getByLabel("Имя").fill("Новая Авторша");
    await form.getByLabel("Роль", { exact: true }).selectOption("editor");
    await form.getByLabel("Начальный пароль").fill("qwerty123456");
    await form.getByRole("button", { name: "Добавить" }).click();
    // The weak password is refused at its field, which takes focus.
    const password = form.getByLabel("Начальный пароль");
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-invalid") === "true");
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    const described = (await password.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`[id="${described.split(" ")[0]}"]`).textContent()).toMatch(/распространён/);
    await password.fill("A writer's own passphrase");
    await form.getByRole("button", { name: "Добавить" }).click();
    await page.getByRole("status").filter({ hasText: "Пользователь «Новая Авторша» добавлен" }).waitFor();
    await page.getByRole("cell", { name: /^Новая Авторша/ }).waitFor();
    // Her row's actions name her, not her login.
    await page.getByRole("button", { name: "Удалить пользователя «Новая Авторша»" }).waitFor();
    expect(await server.db.query("SELECT login, name, role FROM studio_users WHERE login = 'new.writer'")).toEqual([{ login: "new.writer", name: "Новая Авторша", role: "editor" }]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("an admin blocks a user who owns a request: the confirmation asks whom it goes to, the row says «Заблокирован»", async () => {
    await addUser(server, "sales.vera", "sales", "Vera sells projects 2026", "Вера Продажина");
    await addUser(server, "sales.gleb", "sales", "Gleb sells projects 2026", "Глеб Продажин");
    const request = submission({ form: "project", name: "Клиент Веры" });
    await server.store.insertSubmissions([request]);
    await server.db.query("UPDATE submissions SET owner_id = (SELECT id FROM studio_users WHERE login = 'sales.vera') WHERE id = $1", [request.id]);
    const { context, page, problems } = await open();
    await signInAs(page, "admin", "Admin's browser passphrase", "/studio/users/");
    await page.getByRole("heading", { level: 1, name: "Пользователи" }).waitFor();
    await page.getByRole("button", { name: "Заблокировать пользователя «Вера Продажина»" }).click();
    const heir = page.getByLabel("Кому передать его 1\u00a0заявку");
    await page.getByRole("button", { name: "Да, заблокировать" }).click();
    // Nobody chosen: refused at the select, which takes focus; nothing changed.
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-invalid") === "true");
    expect(await heir.getAttribute("aria-invalid")).toBe("true");
    await page.getByText("Выберите, кому передать заявки этого пользователя").waitFor();
    expect(await server.db.query("SELECT blocked_at FROM studio_users WHERE login = 'sales.vera'")).toEqual([{ blocked_at: null }]);
    expect(await atEveryWidth(page, 1440), "the confirmation with its error").toEqual([]);
    expect(await heir.locator("option").allTextContents()).not.toContain("Вера Продажина (sales.vera)");
    await heir.selectOption({ label: "Глеб Продажин (sales.gleb)" });
    await page.getByRole("button", { name: "Да, заблокировать" }).click();
    await page.getByRole("status").filter({ hasText: "Пользователь «Вера Продажина» заблокирован, его сессии завершены. Его заявки переданы пользователю «Глеб Продажин»." }).waitFor();
    const row = page.getByRole("row", { name: /sales\.vera/ });
    await row.getByText("Заблокирован", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Разблокировать пользователя «Вера Продажина»" }).waitFor();
    expect(await server.db.query("SELECT u.login FROM submissions s JOIN studio_users u ON u.id = s.owner_id WHERE s.id = $1", [request.id])).toEqual([{ login: "sales.gleb" }]);
    expect(await atEveryWidth(page, 1440), "the list with a blocked user").toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("loads at most 100 KB of JavaScript (brotli) for the sign-in screen and for the shell, each page and the text editor only when opened", async () => {
    await addUser(server, "weight.admin", "admin", "Weighs the studio 2026");
    const { signIn, shell } = await firstScreens(browser, server.baseUrl, { login: "weight.admin", password: "Weighs the studio 2026" });
    expect(signIn.br).toBeGreaterThan(0);
    expect(signIn.br).toBeLessThanOrEqual(100 * 1024);
    expect(shell.br).toBeLessThanOrEqual(100 * 1024);
    // The home page's own chunk comes with the shell; no other page's, and not the text editor.
    for (const { files } of [signIn, shell]) expect(files.filter((file) => /\/(markdown-field|visual-field|content-entry|inbox|journal|users|releases)-/.test(file))).toEqual([]);
    expect(shell.files.some((file) => /\/home-/.test(file))).toBe(true);
  });

  it("moves focus to the new page's heading after each navigation", async () => {
    const { context, page } = await open();
    await signInAs(page, "admin", "Admin's browser passphrase");
    await page.waitForURL(/\/studio\/$/);
    for (const name of ["Журнал", "Пользователи", "Мой профиль"]) {
      await page.getByRole("navigation", { name: "Разделы студии" }).getByRole("link", { name }).click();
      await page.getByRole("heading", { level: 1, name }).waitFor();
      await page.waitForFunction((title) => document.activeElement?.tagName === "H1" && document.activeElement.textContent === title, name);
      expect(await page.title()).toBe(`${name} — Студия`);
    }
    await context.close();
  });

  // Each width is a test of its own: in test:full every page at three widths is some thirty axe runs.
  const AXE_WIDTHS = FULL_RUN ? [1440, 768, 390] : [1440, 390];
  const AXE_CASES = inTurn(
    ["/studio/", "/studio/profile/", "/studio/users/", "/studio/journal/", "/studio/content/", "/studio/releases/", "/studio/inbox/", "/studio/inbox/stages/", "/studio/personal-data/", "/studio/no-such-page/"],
    AXE_WIDTHS,
  );
  it.each(AXE_WIDTHS)("has no axe violations (WCAG 2.2 A and AA) and no CSP violations at %i px, on its share of the pages (every page in test:full)", async (width) => {
    const pages = AXE_CASES.filter(([, w]) => w === width).map(([path]) => path);
    const { context, page, problems } = await open(width);
    await page.goto(`${server.baseUrl}/studio/sign-in/`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await axe(page), `sign-in at ${width}`).toEqual([]);
    await signInAs(page, "admin", "Admin's browser passphrase");
    await page.waitForURL(/\/studio\/$/);
    for (const path of pages) {
      await page.goto(server.baseUrl + path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await axe(page), `${path} at ${width}`).toEqual([]);
    }
    // A form with errors shown.
    await page.goto(`${server.baseUrl}/studio/profile/`);
    await page.getByRole("button", { name: "Сменить пароль" }).click();
    await page.locator("[aria-invalid=true]").first().waitFor();
    expect(await axe(page), `profile with errors at ${width}`).toEqual([]);
    expect(problems, `console at ${width}`).toEqual([]);
    await context.close();
  });

  it("shows a role without access a page axe finds nothing on", async () => {
    const { context, page } = await open();
    await signInAs(page, "new.writer", "A writer's own passphrase", "/studio/journal/");
    await page.getByRole("heading", { level: 1, name: "Нет доступа" }).waitFor();
    expect(await axe(page)).toEqual([]);
    await context.close();
  });

  it("fits every section at 390 px: no page wider than the phone, wide tables scroll in their own box", async () => {
    const { context, page } = await open(390);
    await page.goto(`${server.baseUrl}/studio/sign-in/`);
    await signInAs(page, "admin", "Admin's browser passphrase");
    await page.waitForURL(/\/studio\/$/);
    const wider: string[] = [];
    for (const path of ["/studio/", "/studio/profile/", "/studio/users/", "/studio/journal/", "/studio/content/", "/studio/content/articles/", "/studio/content/redirects/", "/studio/releases/", "/studio/inbox/", "/studio/inbox/stages/", "/studio/personal-data/"]) {
      await page.goto(server.baseUrl + path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) wider.push(`${path}: ${width} px`);
    }
    expect(wider).toEqual([]);
    await context.close();
  });
});
