import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { launchBrowser } from "../support/browser.ts";
import { type ContentServer, contentFile, EDITOR, startContentServer } from "../support/content.ts";
import { addUser, signedInSession } from "../support/studio.ts";
import { FULL_RUN } from "../support/templates.ts";

/**
 * An entry's history (decision 032), in Chromium: every save is a version
 * with who and when; a version's difference names the fields by the
 * schema's labels and marks the changed words only; «Восстановить эту
 * версию» makes it the saved entry (not the site's). The journal names the
 * entries by title with a link. History lives in the content repository,
 * not in the store, so one backend is enough.
 */
let env: ContentServer;
let browser: Browser;
const ADMIN = { login: "olga", password: "Olga administers it 2026", name: "Ольга Админова" };
const article = (content().articles as Array<{ slug: string; title: string }>).at(-1)!;

beforeAll(async () => {
  env = await startContentServer("sqlite");
  await addUser(env.server, ADMIN.login, "admin", ADMIN.password, ADMIN.name);
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await env?.dispose();
});

const plain = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ");

const open = async (who: { login: string; password: string }, width = 1440): Promise<Page> => (await signedInSession(browser, env.server.baseUrl, who, width)).page;

async function saveForm(page: Page, fill: () => Promise<void>) {
  await page.goto(`${env.server.baseUrl}/studio/content/articles/${article.slug}/`);
  await fill();
  await page.getByRole("button", { name: "Сохранить" }).click();
  await page.getByText(/Сохранено/).waitFor();
}

describe("an entry's history", () => {
  it("lists three saves with who and when, shows the changed words under field labels, and restores the first as the saved entry", { timeout: 180_000 }, async () => {
    const stamp = Date.now();
    const first = `Первая версия заголовка ${stamp}`;
    const second = `Вторая версия заголовка ${stamp}`;
    const page = await open(EDITOR);
    await saveForm(page, () => page.getByLabel("Заголовок страницы").fill(first));
    const description = page.getByLabel("Описание для поисковиков");
    const descriptionOfFirst = await description.inputValue();
    await saveForm(page, () => page.getByLabel("Заголовок страницы").fill(second));
    // The third changes one word in the middle of the description.
    const words = descriptionOfFirst.split(" ");
    const at = Math.floor(words.length / 2);
    const oldWord = words[at]!;
    const newWord = `слово${stamp % 1000}`;
    await saveForm(page, () => description.fill([...words.slice(0, at), newWord, ...words.slice(at + 1)].join(" ")));

    await page.getByRole("link", { name: "История версий" }).click();
    await page.getByRole("heading", { level: 1, name: /^История: / }).waitFor();
    const versions = page.getByRole("list", { name: "Версии записи, новые сверху" }).locator(":scope > li");
    // Three saves, newest first, each by Марина; then the version the entry started from.
    expect(await versions.count()).toBeGreaterThanOrEqual(4);
    for (const i of [0, 1, 2]) expect(plain(await versions.nth(i).textContent())).toContain(`Сохранено — ${EDITOR.name}`);
    expect(plain(await versions.nth(0).textContent())).toContain("Сохранена сейчас");
    expect(plain(await versions.nth(0).textContent())).toMatch(/\d{1,2} [а-я]+ \d{4} г\. в\s\d{2}:\d{2}/);

    // The newest version's difference: the field's label, the one word out and the one in, nothing else.
    const diff = page.getByRole("region", { name: "Что изменилось в этой версии" });
    expect((await diff.locator("dt").allTextContents()).map(plain)).toEqual(["Описание для поисковиков"]);
    const unmark = (texts: string[]) => texts.map((t) => plain(t).replace(/^(добавлено|удалено): /, ""));
    expect(unmark(await diff.locator("del").allTextContents())).toEqual([oldWord]);
    expect(unmark(await diff.locator("ins").allTextContents())).toEqual([newWord]);

    // The second version's difference: the title's label, by the schema, not its key.
    await versions.nth(1).getByRole("link").click();
    await expect.poll(async () => (await diff.locator("dt").allTextContents()).map(plain)).toEqual(["Заголовок страницы"]);
    expect(unmark(await diff.locator("ins").allTextContents()).join("")).toContain("Вторая");

    // Restore the first: it becomes what is saved (not what is on the site).
    await versions.nth(2).getByRole("button", { name: /^Восстановить эту версию от / }).click();
    await page.getByText("Версия восстановлена и сохранена.", { exact: false }).waitFor();
    await expect.poll(async () => plain(await versions.nth(0).textContent())).toContain(`Восстановлена прежняя версия — ${EDITOR.name}`);
    expect(plain(await versions.nth(0).textContent())).toContain("Сохранена сейчас");
    expect(contentFile(env.sandbox, `academy/${article.slug}.md`)).toContain(first);
    await page.getByRole("link", { name: "← К записи" }).click();
    await expect.poll(() => page.getByLabel("Заголовок страницы").inputValue()).toBe(first);
    expect(await description.inputValue()).toBe(descriptionOfFirst);
    expect(plain(await page.getByTestId("entry-state").textContent())).toBe("Опубликовано, есть неопубликованные правки");
    const site = plain(await (await fetch(`${env.server.baseUrl}/academy/${article.slug}/`)).text());
    expect(site).not.toContain(first);
    await page.context().close();
  });

  it("names entries in the journal by their titles, with links", { timeout: 60_000 }, async () => {
    const page = await open(ADMIN, 390);
    await page.goto(`${env.server.baseUrl}/studio/journal/?action=content.restore`);
    const link = page.getByRole("table", { name: "Записи журнала" }).getByRole("link", { name: /^Статья: Первая версия заголовка/ });
    await expect.poll(() => link.count()).toBe(1);
    await link.click();
    await page.waitForURL(new RegExp(`/studio/content/articles/${article.slug}/$`));
    await page.context().close();
  });

  it("counts on the first page what waits: saved and not published (yours among them), planned, the last publication", { timeout: 60_000 }, async () => {
    const page = await open(EDITOR, 390);
    const figures = page.getByRole("region", { name: "Контент" });
    await figures.waitFor();
    const text = plain(await figures.textContent());
    // Марина's restored article is saved and not on the site; she saved it last.
    expect(text).toContain("1 запись ждёт публикации");
    expect(text).toContain("1 из них сохранили вы");
    expect(text).toContain("0 публикаций запланировано");
    expect(text).toMatch(/Последняя публикация — «.+», \d{1,2} [а-я]+ \d{4} г\. в\s\d{2}:\d{2}/);
    expect(plain(await page.locator(".s-page__lead").textContent())).toBe("Ваша роль — «Редактор». Разделы, доступные вам:");
    await page.context().close();
  });

  it("keeps the history page usable at 390 px (and 768 and 1440 px in test:full): axe clean, no sideways scroll", { timeout: 60_000 }, async () => {
    const page = await open(EDITOR, 390);
    for (const width of FULL_RUN ? [390, 768, 1440] : [390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${env.server.baseUrl}/studio/content/history/articles/${article.slug}/`);
      await page.locator(".s-versions__diff dl").waitFor();
      const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), `at ${width} px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `at ${width} px`).toBeLessThanOrEqual(0);
    }
    await page.context().close();
  });
  it("compares any two versions, and returns one field of an older version, keeping the rest as saved", { timeout: 120_000 }, async () => {
    const stamp = Date.now();
    const oldTitle = `Заголовок до правок ${stamp}`;
    const newTitle = `Заголовок после правок ${stamp}`;
    const newDescription = `Описание после правок ${stamp}: чтобы в нём было больше пятидесяти знаков, как требует схема.`;
    const page = await open(EDITOR);
    await saveForm(page, () => page.getByLabel("Заголовок страницы").fill(oldTitle));
    await saveForm(page, () => page.getByLabel("Заголовок страницы").fill(newTitle));
    await saveForm(page, () => page.getByLabel("Описание для поисковиков").fill(newDescription));
    await page.getByRole("link", { name: "История версий" }).click();
    const versions = page.getByRole("list", { name: "Версии записи, новые сверху" }).locator(":scope > li");
    // The version with the old title, beside the newest (not the one right before it): both fields differ.
    await versions.nth(2).getByRole("link").click();
    await expect.poll(() => versions.nth(2).getAttribute("aria-current")).toBe("true");
    await page.getByLabel("Сравнить с версией").selectOption({ index: 0 });
    await page.getByRole("button", { name: "Сравнить" }).click();
    const diff = page.getByRole("region", { name: "Чем эта версия отличается от выбранной" });
    await expect.poll(async () => (await diff.locator("dt").allTextContents()).map(plain)).toEqual(["Заголовок страницы", "Описание для поисковиков"]);
    // Only its title comes back; the description stays as saved now.
    await diff.getByLabel("Вернуть из этой версии одно поле").selectOption({ label: "Заголовок страницы" });
    await diff.getByRole("button", { name: "Вернуть это поле" }).click();
    await page.getByText("Поле «Заголовок страницы» возвращено из этой версии и сохранено.", { exact: false }).waitFor();
    const file = contentFile(env.sandbox, `academy/${article.slug}.md`);
    expect(file).toContain(oldTitle);
    expect(file).not.toContain(newTitle);
    expect(file).toContain(`${stamp}: чтобы в нём было больше пятидесяти знаков`);
    await page.context().close();
  });
});
