import AxeBuilder from "@axe-core/playwright";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { type ContentServer, EDITOR, getEntry, image, newArticle, save, startContentServer } from "../support/content.ts";
import { call, signedInSession } from "../support/studio.ts";

/**
 * «Медиа» in Chromium, as an editor uses it: uploads two pictures at once,
 * is asked to describe them, is refused an empty description at its field,
 * finds one by its words, sees where it is used, cannot delete it while it is,
 * and deletes it once it is not. Axe-clean at a phone's and a desktop's width.
 */
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

let env: ContentServer;
let browser: Browser;

beforeAll(async () => {
  env = await startContentServer("sqlite");
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await env?.dispose();
});

describe("«Медиа» in a browser", () => {
  it("uploads, describes, finds, shows where an image is used, and deletes it only once nothing uses it", { timeout: 120_000 }, async () => {
    const { context, page, problems } = await signedInSession(browser, env.server.baseUrl, EDITOR);
    await page.getByRole("navigation", { name: "Разделы студии" }).getByRole("link", { name: "Медиа" }).click();
    await page.getByRole("heading", { level: 1, name: "Медиа" }).waitFor();
    await page.getByText("Изображений пока нет").waitFor();
    await page.getByLabel("Загрузить изображения").setInputFiles([
      { name: "офис.png", mimeType: "image/png", buffer: await image(800, 500, "png") },
      { name: "команда.jpg", mimeType: "image/jpeg", buffer: await image(600, 400, "jpeg") },
    ]);
    await page.getByText(/Загружено\. Опишите, что на\sизображении/).waitFor();
    await page.getByText("2 изображения").waitFor();
    // The last one opens to be described: an empty description is refused at its field.
    const alt = page.getByLabel("Что на изображении (альтернативный текст)");
    await page.getByRole("button", { name: "Сохранить описание" }).click();
    await expect.poll(() => alt.getAttribute("aria-invalid")).toBe("true");
    await alt.fill("Команда агентства на планёрке");
    await page.getByLabel("Подпись (необязательно)").fill("Планёрка по понедельникам");
    await page.getByLabel("Слева, %").fill("30");
    await page.getByRole("button", { name: "Сохранить описание" }).click();
    await page.getByText("Описание сохранено").waitFor();
    const list = ((await (await call(env.server, "GET", "/studio/api/media", { cookie: env.editor })).json()) as { items: Array<{ file: string; alt: string; caption: string; focal: { x: number; y: number } }> }).items;
    const described = list.find((item) => item.alt === "Команда агентства на планёрке");
    expect(described).toMatchObject({ caption: "Планёрка по понедельникам", focal: { x: 0.3, y: 0.5 } });
    const file = described?.file ?? "";

    // Found by its words; the other one is not.
    await page.getByLabel("Поиск").fill("планёрк");
    await page.getByText("Найдено 1 из 2").waitFor();

    // Used in an article: the library says where, and will not delete it.
    const slug = "media-in-use";
    expect((await save(env, "articles", slug, { values: newArticle(slug, "Статья с фотографией", `Текст.\n\n![Команда](/uploads/${file})\n`), baseHash: null })).status).toBe(200);
    await page.reload();
    await page.getByLabel("Поиск").fill("планёрк");
    await page.getByRole("button", { name: /Команда агентства на планёрке/ }).click();
    await page.getByRole("link", { name: "Статья с фотографией" }).waitFor();
    expect(await page.getByRole("button", { name: "Удалить изображение" }).count()).toBe(0);
    expect((await call(env.server, "DELETE", `/studio/api/media/${file}`, { cookie: env.editor })).status).toBe(409);
    expect(existsSync(join(env.sandbox.contentDir, "uploads", file))).toBe(true);
    expect(await new AxeBuilder({ page }).withTags(WCAG).analyze().then((r) => r.violations.map((v) => v.id))).toEqual([]);

    // No longer used: deleted, file and all.
    const entry = await getEntry(env, "articles", slug);
    expect((await save(env, "articles", slug, { values: { ...entry.values, body: "Текст без фотографии." }, baseHash: entry.hash })).status).toBe(200);
    await page.reload();
    await page.getByLabel("Поиск").fill("планёрк");
    await page.getByRole("button", { name: /Команда агентства на планёрке/ }).click();
    await page.getByText("Нигде: его можно удалить.").waitFor();
    await page.getByRole("button", { name: "Удалить изображение" }).click();
    await page.getByText("Изображение удалено").waitFor();
    expect(existsSync(join(env.sandbox.contentDir, "uploads", file))).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("fits a phone and passes axe there", async () => {
    const { context, page, problems } = await signedInSession(browser, env.server.baseUrl, EDITOR, 390);
    await page.goto(`${env.server.baseUrl}/studio/media/`);
    await page.getByRole("heading", { level: 1, name: "Медиа" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await new AxeBuilder({ page }).withTags(WCAG).analyze().then((r) => r.violations.map((v) => v.id))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("answers its API only to editors, never with a path from the request, and refuses a description out of bounds at its field", async () => {
    expect((await call(env.server, "GET", "/studio/api/media")).status).toBe(401);
    for (const name of ["..%2F..%2Fpackage.json", "x.svg", "abc.png", "%00"]) {
      expect((await call(env.server, "PUT", `/studio/api/media/${name}`, { cookie: env.editor, body: { alt: "x" } })).status, name).toBe(404);
      expect((await call(env.server, "DELETE", `/studio/api/media/${name}`, { cookie: env.editor })).status, name).toBe(404);
    }
    const res = await fetch(`${env.server.baseUrl}/studio/api/content/uploads`, {
      method: "POST",
      headers: { Origin: env.server.baseUrl, "Sec-Fetch-Site": "same-origin", Cookie: env.editor, "Content-Type": "image/png", "X-Forwarded-For": "203.0.113.40" },
      body: new Uint8Array(await image(40, 40, "png")),
    });
    const { file } = (await res.json()) as { file: string };
    const put = (body: unknown) => call(env.server, "PUT", `/studio/api/media/${file}`, { cookie: env.editor, body });
    const long = await put({ alt: "д".repeat(301), caption: "п".repeat(501), focal: { x: 2, y: -1 } });
    expect(long.status).toBe(422);
    expect(((await long.json()) as { errors: Record<string, string> }).errors).toEqual({
      alt: "Не\u00a0длиннее 300 знаков",
      caption: "Не\u00a0длиннее 500 знаков",
      focal: "Точку фокуса выберите на\u00a0самом изображении",
    });
    const xss = `<img src=x onerror="window.__xss=1">`;
    expect((await put({ alt: xss })).status).toBe(200);
    const listed = ((await (await call(env.server, "GET", "/studio/api/media?q=onerror", { cookie: env.editor })).json()) as { items: Array<{ alt: string }> }).items;
    expect(listed.map((item) => item.alt)).toEqual([xss]);
  });
});
