import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atEveryWidth } from "../support/axe.ts";
import { launchBrowser } from "../support/browser.ts";
import { type ContentServer, contentFile, EDITOR, getEntry, releasesSettled, save, SECOND, startContentServer } from "../support/content.ts";
import { CORPUS_BACKENDS } from "../support/forms-server.ts";
import { call, signedInSession, signIn, type StudioSession } from "../support/studio.ts";

/**
 * Two editors on one article at once (issue 52), each in Chromium: Павел
 * saves first; Марина's save over his version merges three ways, so both
 * people's fields and both people's paragraphs are in the file, asking
 * nothing; an edit of the same paragraph by both shows that paragraph only,
 * both sides with their words marked, and is settled by a choice; a
 * colleague's save is announced in an open editor, and named before it goes
 * live. On SQLite per commit, on PostgreSQL too in test:full.
 */
describe.each(CORPUS_BACKENDS)("two editors on one article (%s)", (backend) => {
  let env: ContentServer;
  let browser: Browser;
  beforeAll(async () => {
    env = await startContentServer(backend);
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await env?.dispose();
  });

  const open = async (who: { login: string; password: string }, slug: string): Promise<StudioSession> => {
    const session = await signedInSession(browser, env.server.baseUrl, who, 1440, { path: `/studio/content/articles/${slug}/` });
    await session.page.getByLabel("Заголовок страницы").waitFor();
    return session;
  };

  /**
   * Replaces the article's text in the Markdown editor (switched to it first, and holding the
   * text it opened with: typing before it has loaded would be overwritten), then waits for its
   * preview to show `marker`, a phrase of the new text.
   */
  async function typeBody(page: Page, text: string, marker: string) {
    await page.getByRole("group", { name: "Вид редактора: Текст статьи" }).getByRole("button", { name: "Markdown" }).click();
    const editor = page.locator(".cm-content").and(page.getByRole("textbox", { name: "Текст статьи" }));
    await editor.filter({ hasText: /\S{5}/ }).waitFor();
    await editor.click();
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Delete");
    await editor.locator(".cm-placeholder").waitFor();
    await page.keyboard.insertText(text);
    // The preview renders the whole text (the editor draws only the lines in view).
    await page.locator(".s-markdown__preview").filter({ hasText: marker }).waitFor();
  }

  /** Saves, and fails with what the page said when the save was refused. */
  async function saved(page: Page) {
    await page.getByRole("button", { name: "Сохранить", exact: true }).click();
    const done = page.getByRole("status").filter({ hasText: "Сохранено" }).first();
    await done.or(page.getByRole("alert")).first().waitFor();
    if (!(await done.isVisible())) throw new Error(`the save was refused: ${await page.getByRole("alert").allTextContents()} ${await page.locator(".s-field__error").allTextContents()}`);
  }

  it("keeps both people's title, description and paragraphs when one saves over the other's newer version", { timeout: 120_000 }, async () => {
    const slug = "crm-email-deliverability";
    const start = await getEntry(env, "articles", slug);
    const body = String(start.values.body);
    const paragraphs = body.split("\n\n");
    const first = paragraphs.find((p) => /^[А-ЯЁ]/.test(p) && p.length > 40) as string;
    const marina = await open(EDITOR, slug);
    const pavel = await open(SECOND, slug);
    // Павел: a new title and a sentence added to one paragraph; saved first.
    await pavel.page.getByLabel("Заголовок страницы").fill("Доставляемость писем из CRM: разбор Павла");
    await typeBody(pavel.page, body.replace(first, `${first} Предложение Павла.`), "Предложение Павла.");
    await saved(pavel.page);
    // Марина's editor says so (above the form, which moves down); she goes on with the version she opened:
    // a new description and a paragraph of her own at the end.
    await marina.page.getByRole("region", { name: "Запись изменили" }).waitFor();
    const description = "Описание Марины: как письма из CRM доходят до клиентов и что для этого проверить.";
    await marina.page.getByLabel("Описание для поисковиков").fill(description);
    await typeBody(marina.page, `${body.trimEnd()}\n\nАбзац Марины о том, что проверить первым делом.\n`, "Абзац Марины");
    await marina.page.getByRole("button", { name: "Сохранить", exact: true }).click();
    await marina.page.getByText(/Пока вы\sредактировали, запись сохранили: Павел Второй.*Их\sправки объединены с\sвашими/).first().waitFor();
    const file = contentFile(env.sandbox, `academy/${slug}.md`);
    expect(file).toContain('title: "Доставляемость писем из CRM: разбор Павла"');
    expect(file).toContain(description);
    expect(file).toContain(`${first} Предложение Павла.`);
    expect(file).toContain("Абзац Марины о том, что проверить первым делом.");
    expect(marina.problems).toEqual([]);
    expect(pavel.problems).toEqual([]);
    await marina.context.close();
    await pavel.context.close();
  });

  it("shows only the paragraph both changed, both sides marked, and saves what is chosen", { timeout: 120_000 }, async () => {
    const slug = "seo-audit-checklist-2026";
    const start = await getEntry(env, "articles", slug);
    const body = String(start.values.body);
    const paragraphs = body.split("\n\n").filter((p) => /^[А-ЯЁ]/.test(p) && p.length > 40);
    // Two paragraphs far apart: an edit of each is a place of its own.
    const shared = paragraphs[0] as string;
    const other = paragraphs.at(-1) as string;
    const marina = await open(EDITOR, slug);
    const pavel = await open(SECOND, slug);
    await typeBody(pavel.page, body.replace(shared, `Павел: ${shared}`), "Павел:");
    await saved(pavel.page);
    await marina.page.getByRole("region", { name: "Запись изменили" }).waitFor();
    await typeBody(marina.page, body.replace(shared, `${shared} Марина.`).replace(other, `${other} Ещё от Марины.`), "Ещё от Марины.");
    await marina.page.getByRole("button", { name: "Сохранить", exact: true }).click();
    const view = marina.page.getByRole("region", { name: /Пока вы\sредактировали, запись сохранили: Павел Второй/ });
    await view.waitFor();
    const clashes = view.getByRole("group", { name: /изменили оба/ });
    expect(await clashes.count()).toBe(1);
    // That paragraph only, their words and mine marked as added.
    const clash = clashes.first();
    expect(await clash.locator("ins").filter({ hasText: "Павел:" }).count()).toBe(1);
    expect(await clash.locator("ins").filter({ hasText: "Марина." }).count()).toBe(1);
    expect(await clash.getByText("Ещё от Марины.").count()).toBe(0);
    // The view at a phone's, a tablet's and a desktop's width: axe clean, nothing wider than the screen.
    expect(await atEveryWidth(marina.page, 1440)).toEqual([]);
    // Nothing is saved until a choice is made, said at the place.
    await view.getByRole("button", { name: "Сохранить объединённое" }).click();
    await clash.getByText("Выберите, какой вариант оставить").waitFor();
    expect(contentFile(env.sandbox, `academy/${slug}.md`)).not.toContain("Ещё от Марины.");
    await clash.getByLabel("Оба: сначала их, потом мой").check();
    await view.getByRole("button", { name: "Сохранить объединённое" }).click();
    await marina.page.getByRole("status").filter({ hasText: "Сохранено" }).first().waitFor();
    const file = contentFile(env.sandbox, `academy/${slug}.md`);
    expect(file).toContain(`Павел: ${shared}\n\n${shared} Марина.`);
    expect(file).toContain(`${other} Ещё от Марины.`);
    expect(marina.problems).toEqual([]);
    await marina.context.close();
    await pavel.context.close();
  });

  it("tells an open editor of a colleague's save within 2 s, shows it, and takes it into the form without losing what was typed", { timeout: 120_000 }, async () => {
    const slug = "crm-rfm-segmentation";
    const marina = await open(EDITOR, slug);
    const description = "Описание Марины, которое она ещё не сохранила, но которое никуда не денется.";
    await marina.page.getByLabel("Описание для поисковиков").fill(description);
    const pavel = await signIn(env.server, SECOND.login, SECOND.password);
    const theirs = await getEntry(env, "articles", slug, pavel);
    expect((await save(env, "articles", slug, { values: { ...theirs.values, title: "Заголовок Павла" }, baseHash: theirs.hash }, pavel)).status).toBe(200);
    const started = performance.now();
    const notice = marina.page.getByRole("region", { name: "Запись изменили" });
    await notice.getByText(/Пока вы\sредактировали, запись сохранили: Павел Второй/).waitFor({ timeout: 2_000 });
    console.log(`a colleague's save shown in ${Math.round(performance.now() - started)} ms`);
    await notice.getByRole("button", { name: "Показать их правки" }).click();
    await notice.getByText("Заголовок Павла").first().waitFor();
    await notice.getByRole("button", { name: "Взять их правки" }).click();
    await marina.page.getByText(/Их\sправки перенесены в\sформу: Заголовок страницы/).waitFor();
    expect(await marina.page.getByLabel("Заголовок страницы").inputValue()).toBe("Заголовок Павла");
    expect(await marina.page.getByLabel("Описание для поисковиков").inputValue()).toBe(description);
    await saved(marina.page);
    const file = contentFile(env.sandbox, `academy/${slug}.md`);
    expect(file).toContain("title: Заголовок Павла");
    expect(file).toContain(description);
    expect(marina.problems).toEqual([]);
    await marina.context.close();
  });

  it("names a colleague's saved change before it goes live, shows what it changes on the site, and publishes it only once confirmed", { timeout: 180_000 }, async () => {
    const slug = "ppc-vk-ads-lead-forms";
    const pavel = await signIn(env.server, SECOND.login, SECOND.password);
    const theirs = await getEntry(env, "articles", slug, pavel);
    const title = "Лид-формы VK Рекламы: правка Павла";
    expect((await save(env, "articles", slug, { values: { ...theirs.values, title }, baseHash: theirs.hash }, pavel)).status).toBe(200);
    // Marina saves over it afterwards: the last save is hers, but Pavel's change still goes live with it.
    const after = await getEntry(env, "articles", slug);
    expect((await save(env, "articles", slug, { values: { ...after.values, description: `${String(after.values.description)} Правка Марины.` }, baseHash: after.hash })).status).toBe(200);
    await releasesSettled(env);
    const savers = async () => ((await (await call(env.server, "GET", `/studio/api/content/articles/${slug}`, { cookie: env.editor })).json()) as { savers: Array<{ name: string }> }).savers.map((s) => s.name);
    expect(await savers()).toEqual(["Марина Контентова", "Павел Второй"]);
    const marina = await signedInSession(browser, env.server.baseUrl, EDITOR, 1440, { path: "/studio/releases/" });
    const { page } = marina;
    const row = page.getByRole("row").filter({ hasText: title });
    // Who saved it and when, and what changes on the site: the title as published, struck, and the new one.
    await row.getByText(/^Марина Контентова, \d.+; Павел Второй, \d/).waitFor();
    await row.getByRole("button", { name: /Что изменится на\sсайте/ }).click();
    // The title's words as published struck, the new ones marked (the title was «…: как получать заявки, а не список недозвонов»).
    await row.locator("del").filter({ hasText: "как получать заявки" }).first().waitFor();
    await row.locator("ins").filter({ hasText: "правка Павла" }).first().waitFor();
    await page.getByRole("checkbox", { name: `Выбрать: ${title}` }).check();
    await page.getByLabel("Название публикации", { exact: true }).fill("Правка Павла");
    const before = await fetch(`${env.server.baseUrl}/academy/${slug}/`).then((res) => res.text());
    await page.getByRole("button", { name: "Опубликовать выбранное" }).click();
    const ask = page.getByRole("region", { name: /Среди выбранного есть правки, которые сохранили не\sвы/ });
    await ask.getByText(/Павел Второй/).waitFor();
    expect(await ask.getByText(/Марина Контентова/).count()).toBe(0);
    expect(await fetch(`${env.server.baseUrl}/academy/${slug}/`).then((res) => res.text())).toBe(before);
    expect(await atEveryWidth(page, 1440)).toEqual([]);
    await ask.getByRole("button", { name: "Да, опубликовать и их" }).click();
    await page.getByText(/Опубликовано за/).waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await fetch(`${env.server.baseUrl}/academy/${slug}/`).then((res) => res.text())).includes("правка Павла"), { timeout: 10_000 }).toBe(true);
    // On the site now: nobody's change waits.
    expect(await savers()).toEqual([]);
    expect(marina.problems).toEqual([]);
    await marina.context.close();
  });
});
