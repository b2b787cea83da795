import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { atEveryWidth } from "../support/axe.ts";
import { type ContentServer, contentServerAndBrowser, EDITOR, image } from "../support/content.ts";
import { eventually } from "../support/eventually.ts";
import { call, signedInSession } from "../support/studio.ts";

/**
 * «Медиа» with 200 pictures in Chromium: the first screen loads small
 * copies (at most 400 KB of pictures, none of the originals), 48 a page;
 * a picture is found by the name it had on the uploader's computer; ten
 * pictures without a description are described at once, and journaled;
 * a cover's picker uploads a picture, asks for its description and picks
 * it; the alt text typed for a picture put into a text becomes its
 * description in «Медиа», so a cover can be chosen from it. Axe-clean and
 * nothing wider than the screen at 390, 768 and 1440 px.
 */
let env: ContentServer;
let browser: Browser;
contentServerAndBrowser((both) => ({ env, browser } = both));

/** A photograph-like picture: smooth colour blobs (a small noise field scaled up), heavy as PNG, small as a WebP thumbnail. */
async function photo(seed: number, width: number, height: number): Promise<Buffer> {
  const small = Buffer.alloc(16 * 12 * 3);
  for (let i = 0; i < small.length; i++) small[i] = (Math.sin(seed * 7.3 + i * 12.9898) * 43758.5453 * 256) & 255;
  return sharp(small, { raw: { width: 16, height: 12, channels: 3 } }).resize(width, height, { kernel: "cubic" }).png().toBuffer();
}

/**
 * 200 pictures kept in «Медиа» as uploads are (`<hash>.png` and its sidecar), newest first
 * «foto-1.png»: the newest 48 (the first page) heavy, the rest tiny. Written, not uploaded: pictures
 * from before «Медиа» drew small copies, whose copies are drawn when first shown. Returns the
 * first page's bytes as originals.
 */
async function twoHundred(contentDir: string): Promise<number> {
  const dir = join(contentDir, "uploads");
  mkdirSync(dir, { recursive: true });
  let heavy = 0;
  const now = Date.now();
  for (let n = 1; n <= 200; n++) {
    const bytes = n <= 48 ? await photo(n, 800, 600) : await photo(n, 40, 30);
    if (n <= 48) heavy += bytes.length;
    const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 24);
    writeFileSync(join(dir, `${hash}.png`), bytes);
    const side = { width: n <= 48 ? 800 : 40, height: n <= 48 ? 600 : 30, format: "png", uploadedAt: now - n * 1000, name: `foto-${n}.png` };
    writeFileSync(join(dir, `${hash}.json`), `${JSON.stringify(side)}\n`);
  }
  return heavy;
}

describe("«Медиа» at 200 pictures", () => {
  it("shows small copies 48 a page, finds by the original name, describes ten at once, and a cover's picker uploads and picks", { timeout: 240_000 }, async () => {
    const originals = await twoHundred(env.sandbox.contentDir);
    // What the grid would load if it showed the originals.
    expect(originals).toBeGreaterThan(4 * 400 * 1024);

    const { context, page, problems } = await signedInSession(browser, env.server.baseUrl, EDITOR);
    const pictures: Array<{ url: string; bytes: number }> = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "image") return;
      void response.body().then(
        (body) => pictures.push({ url: response.url(), bytes: body.length }),
        () => {},
      );
    });
    await page.goto(`${env.server.baseUrl}/studio/media/`);
    await page.getByText("200 изображений").waitFor();
    await page.getByText("Страница 1 из 5").waitFor();
    expect(await page.locator(".s-media__grid > li").count()).toBe(48);
    // The first screen: every picture in view drawn, and nothing more asked for.
    await eventually(
      () => page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>(".s-media__grid img")].filter((img) => img.getBoundingClientRect().top < innerHeight).every((img) => img.complete && img.naturalWidth > 0)),
      60_000,
      "the pictures of the first screen drawn",
    );
    await page.waitForLoadState("networkidle");
    const loaded = pictures.reduce((sum, one) => sum + one.bytes, 0);
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.filter((one) => one.url.includes("/content/uploads/"))).toEqual([]);
    expect(loaded, `${pictures.length} pictures, ${loaded} bytes`).toBeLessThanOrEqual(400 * 1024);
    const thumb = await call(env.server, "GET", new URL(pictures[0]?.url ?? "").pathname + new URL(pictures[0]?.url ?? "").search, { cookie: env.editor });
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect(thumb.headers.get("cache-control")).toContain("immutable");
    expect(thumb.headers.get("content-security-policy")).toContain("sandbox");

    // The next page, by the link under the grid.
    await page.getByRole("link", { name: "Следующая →" }).click();
    await page.getByText("Страница 2 из 5").waitFor();
    await page.getByText("foto-49.png", { exact: true }).waitFor();

    // Found by the name it had on the uploader's computer.
    await page.getByLabel("Поиск").fill("foto-137");
    await page.getByText("Найдено 1 из 200").waitFor();
    await page.getByText("foto-137.png", { exact: true }).waitFor();
    // Back to the first page: the box shows the address's search (none), and does not ask its old text again.
    await page.goBack();
    await page.getByText("Страница 1 из 5").waitFor();
    await expect.poll(() => page.getByLabel("Поиск").inputValue()).toBe("");
    await page.getByText("200 изображений").waitFor();
    expect(new URL(page.url()).searchParams.get("q")).toBeNull();

    // Ten without a description, described at once: one form, a field each.
    await page.getByLabel("Показать").selectOption("undescribed");
    await page.getByText("Найдено 200 из 200").waitFor();
    for (let n = 1; n <= 10; n++) await page.getByLabel(`Выбрать «foto-${n}.png»`).check();
    await page.getByRole("button", { name: "Описать выбранные (10)" }).click();
    const form = page.getByRole("region", { name: "Описать выбранные: 10" });
    const fields = form.getByRole("textbox");
    await fields.first().waitFor();
    expect(await fields.count()).toBe(10);
    await form.getByRole("button", { name: "Сохранить описания" }).click();
    await form.getByText("Проверьте поля, отмеченные красным").waitFor();
    for (let n = 1; n <= 10; n++) await fields.nth(n - 1).fill(`Снимок номер ${n} для отчёта`);
    expect(await atEveryWidth(page, 1440)).toEqual([]);
    await form.getByRole("button", { name: "Сохранить описания" }).click();
    await page.getByText("Описания сохранены (10)").waitFor();
    await page.getByText("Найдено 190 из 200").waitFor();
    const described = (await (await call(env.server, "GET", "/studio/api/media?q=%D0%A1%D0%BD%D0%B8%D0%BC%D0%BE%D0%BA%20%D0%BD%D0%BE%D0%BC%D0%B5%D1%80", { cookie: env.editor })).json()) as { total: number; items: Array<{ name: string; alt: string }> };
    expect(described.total).toBe(10);
    expect(described.items.find((item) => item.name === "foto-3.png")?.alt).toBe("Снимок номер 3 для отчёта");
    const journal = await env.server.db.query<{ n: number }>("SELECT COUNT(*) AS n FROM studio_audit WHERE action = 'media.describe'");
    expect(Number(journal[0]?.n)).toBe(10);
    expect(await atEveryWidth(page, 1440)).toEqual([]);

    // A cover's picker uploads a new picture, asks for its description, and picks it.
    await page.goto(`${env.server.baseUrl}/studio/content/articles/seo-audit-checklist-2026/`);
    const cover = page.getByRole("group", { name: "Обложка (необязательно)" });
    await cover.getByRole("button", { name: "Выбрать из «Медиа»" }).click();
    await cover.getByRole("button", { name: "Показать ещё" }).waitFor();
    await cover.getByLabel("Загрузить новое изображение").setInputFiles({ name: "obložka-2026.png", mimeType: "image/png", buffer: await image(1200, 700) });
    await cover.getByLabel("Что на изображении (альтернативный текст)").fill("Графики роста заявок на экране");
    expect(await atEveryWidth(page, 1440)).toEqual([]);
    await cover.getByRole("button", { name: "Сохранить описание и выбрать" }).click();
    await cover.getByText("Графики роста заявок на экране").waitFor();
    await cover.locator(".s-image-field__current img[alt='Графики роста заявок на экране']").waitFor();

    // A picture put into the text with its alt text: «Медиа» takes it as the description, and the cover can be it.
    await page.getByLabel("Файл изображения").setInputFiles({ name: "v-tekste.png", mimeType: "image/png", buffer: await image(640, 400, "jpeg") });
    await page.getByLabel("Что на изображении (для тех, кто его не видит)").fill("Схема воронки продаж");
    await page.getByRole("button", { name: "Вставить изображение" }).click();
    await eventually(
      async () => ((await (await call(env.server, "GET", "/studio/api/media?q=v-tekste", { cookie: env.editor })).json()) as { items: Array<{ alt: string }> }).items[0]?.alt === "Схема воронки продаж",
      10_000,
      "the alt text typed in the text taken as the picture's description",
    );
    await cover.getByRole("button", { name: "Выбрать другую" }).click();
    await cover.getByLabel("Найти в «Медиа»").fill("v-tekste");
    await cover.getByRole("button", { name: /Схема воронки продаж/ }).click();
    await cover.locator(".s-image-field__current img[alt='Схема воронки продаж']").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
