import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { atEveryWidth, axe } from "../support/axe.ts";
import sharp from "sharp";
import { type ContentServer, contentServerAndBrowser, contentFile, EDITOR, image, newArticle, publishSandbox, save, sendImage } from "../support/content.ts";
import { call, signedInSession } from "../support/studio.ts";
import { asBuilt } from "../support/typography.ts";

/**
 * «Медиа» in Chromium, as an editor uses it: uploads two pictures at once,
 * is asked to describe them, is refused an empty description at its field,
 * finds one by its words, sees where it is used, cannot delete it while it is,
 * replaces its file everywhere it is used (and is asked to check the description
 * it took), cannot delete the old file a kept version shows, and sends an unused
 * one to «Корзина» and back.
 * Axe-clean at a phone's and a desktop's width.
 */
let env: ContentServer;
let browser: Browser;
contentServerAndBrowser((both) => ({ env, browser } = both));

describe("«Медиа» in a browser", () => {
  it("uploads, describes, finds, shows where an image is needed, keeps what a version shows, and sends an unused one to «Корзина» and back", { timeout: 120_000 }, async () => {
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
    await page.getByRole("button", { name: /Команда агентства на\sпланёрке/ }).click();
    await page.getByRole("link", { name: "Статья с фотографией" }).waitFor();
    expect(await page.getByRole("button", { name: "Удалить изображение" }).count()).toBe(0);
    expect((await call(env.server, "DELETE", `/studio/api/media/${file}`, { cookie: env.editor })).status).toBe(409);
    expect(existsSync(join(env.sandbox.contentDir, "uploads", file))).toBe(true);
    expect(await axe(page)).toEqual([]);

    // Its file replaced: the article shows the new picture, described as the old one was.
    await page.getByLabel("Загрузить новый файл вместо этого").setInputFiles({ name: "команда-2027.jpg", mimeType: "image/jpeg", buffer: await image(640, 420, "jpeg") });
    await page.getByText(/Файл заменён в\u00a01\u00a0записи: опубликуйте её/).waitFor();
    await page.getByRole("heading", { name: /Изображение 640\s×\s420/ }).waitFor();
    await page.getByRole("link", { name: "Статья с фотографией" }).waitFor();
    const after = ((await (await call(env.server, "GET", "/studio/api/media", { cookie: env.editor })).json()) as {
      items: Array<{ file: string; width: number; alt: string; caption: string; focal: { x: number; y: number }; uses: unknown[]; checkAlt: boolean }>;
    }).items;
    const replaced = after.find((item) => item.width === 640);
    expect(replaced).toMatchObject({ alt: "Команда агентства на планёрке", caption: "Планёрка по понедельникам", focal: { x: 0.3, y: 0.5 } });
    const next = replaced?.file ?? "";
    expect(contentFile(env.sandbox, `academy/${slug}.md`)).toContain(`![Команда](/uploads/${next})`);
    expect(contentFile(env.sandbox, `academy/${slug}.md`)).not.toContain(file);
    expect(after.find((item) => item.file === file)?.uses).toEqual([]);
    expect(replaced?.uses).toHaveLength(1);
    // A picker asks without the uses (they cost a read of every content file): the same library, no uses.
    const picked = ((await (await call(env.server, "GET", "/studio/api/media?uses=0", { cookie: env.editor })).json()) as { items: Array<{ file: string; uses: unknown[] }> }).items;
    expect(picked.map((item) => item.file)).toEqual(after.map((item) => item.file));
    expect(picked.find((item) => item.file === next)?.uses).toEqual([]);

    // The new file came with the old one's description: «Медиа» asks to check it.
    expect(replaced).toMatchObject({ checkAlt: true });
    await page.getByText("Описание перенесено с\u00a0прежнего файла. Проверьте, подходит\u00a0ли оно новому изображению, и\u00a0сохраните.").waitFor();

    // The old file: no entry shows it now, but the article's version from before the swap does. Kept, and said so.
    await page.reload();
    await page.getByLabel("Поиск").fill("планёрк");
    await page.getByText("Найдено 2 из 3").waitFor();
    // The old file's card: its original name, then its description (the new one asks to check it).
    await page.getByRole("button", { name: /^команда\.jpg\s+Команда агентства на\sпланёрке$/ }).click();
    await page.getByRole("link", { name: /^Версия от\s.+, статья «Статья с\sфотографией»$/ }).waitFor();
    expect(await page.getByRole("button", { name: "Удалить изображение" }).count()).toBe(0);
    const refused = await call(env.server, "DELETE", `/studio/api/media/${file}`, { cookie: env.editor });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Изображение показывает версия от.\d+ .+, статья «Статья с\sфотографией»/);
    expect(existsSync(join(env.sandbox.contentDir, "uploads", file))).toBe(true);
    expect(await atEveryWidth(page, 1440), "an image's card with the places that need it").toEqual([]);

    // One nothing has ever shown goes to «Корзина» and comes back from it, description and all.
    const unused = after.find((item) => item.alt === "")?.file ?? "";
    expect(unused).not.toBe("");
    await page.getByLabel("Поиск").fill("");
    await page.getByRole("button", { name: "нет описания" }).click();
    await page.getByText(/^Нигде: ни\sв\sзаписях/).waitFor();
    await page.getByRole("button", { name: "Удалить изображение" }).click();
    await page.getByText("Изображение перенесено в\u00a0«Корзину»: там его можно восстановить в\u00a0течение 30\u00a0дней").waitFor();
    expect(existsSync(join(env.sandbox.contentDir, "uploads", unused))).toBe(false);
    await page.goto(`${env.server.baseUrl}/studio/content/trash/`);
    const pictures = page.getByRole("region", { name: "Изображения" });
    await pictures.getByRole("cell", { name: /Без описания/ }).waitFor();
    expect(await atEveryWidth(page, 1440), "«Корзина» with an image").toEqual([]);
    await pictures.getByRole("button", { name: "Восстановить изображение без описания" }).click();
    await page.getByText("Изображение снова в\u00a0«Медиа».").waitFor();
    expect(existsSync(join(env.sandbox.contentDir, "uploads", unused))).toBe(true);
    expect(existsSync(join(env.sandbox.contentDir, "uploads", `${unused.slice(0, 24)}.json`))).toBe(true);
    await page.getByText("Корзина пуста").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("gives an article a cover picked from «Медиа»: on its page, its card and as the picture a shared link shows", { timeout: 180_000 }, async () => {
    const { context, page, problems } = await signedInSession(browser, env.server.baseUrl, EDITOR);
    await page.goto(`${env.server.baseUrl}/studio/media/`);
    await page.getByLabel("Загрузить изображения").setInputFiles([{ name: "обложка.png", mimeType: "image/png", buffer: await image(1600, 1000, "png") }]);
    await page.getByText(/Загружено/).waitFor();
    await page.getByLabel("Что на изображении (альтернативный текст)").fill("Дашборд со сквозной аналитикой на экране ноутбука");
    await page.getByRole("button", { name: "Сохранить описание" }).click();
    await page.getByText("Описание сохранено").waitFor();

    await page.goto(`${env.server.baseUrl}/studio/content/articles/seo-audit-checklist-2026/`);
    const cover = page.getByRole("group", { name: "Обложка (необязательно)" });
    await cover.getByRole("button", { name: "Выбрать из «Медиа»" }).click();
    await cover.getByRole("button", { name: /Дашборд со\sсквозной аналитикой/ }).click();
    await cover.getByText("Дашборд со сквозной аналитикой на экране ноутбука").waitFor();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await page.getByText(/Сохранено/).first().waitFor();
    expect(problems).toEqual([]);
    await context.close();

    await publishSandbox(env);
    const html = await (await fetch(`${env.server.baseUrl}/academy/seo-audit-checklist-2026/`)).text();
    const figure = /<figure class="article__cover">([\s\S]*?)<\/figure>/.exec(html)?.[1] ?? "";
    expect(figure).toMatch(/<source type="image\/avif" srcSet="\/assets\/images\/uploads\/[a-f\d]{24}-480\.avif 480w/);
    expect(figure).toContain('alt="Дашборд со сквозной аналитикой на экране ноутбука"');
    const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(og).toMatch(/\/assets\/images\/uploads\/[a-f\d]{24}-og-50-50\.jpg$/);
    const ogBytes = Buffer.from(await (await fetch(env.server.baseUrl + new URL(og).pathname)).arrayBuffer());
    expect(await sharp(ogBytes).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    // Its card in the academy shows it too; an article without one keeps its card as it was.
    const list = await (await fetch(`${env.server.baseUrl}/academy/`)).text();
    expect(list).toMatch(/<div class="card__media"><picture[^>]*>(?:(?!<\/picture>)[\s\S])*-480\.avif/);

    // A new description and focal point in «Медиа» reach the page with the next publication, though the article is unchanged.
    const file = /uploads\/([a-f\d]{24}\.png)/.exec(contentFile(env.sandbox, "academy/seo-audit-checklist-2026.md"))?.[1];
    const described = await call(env.server, "PUT", `/studio/api/media/${file}`, { cookie: env.editor, body: { alt: "Сквозная аналитика: дашборд на ноутбуке", caption: "", focal: { x: 0.3, y: 0.7 } } });
    expect(((await described.json()) as { message: string }).message).toBe("Описание сохранено. На\u00a0сайте оно появится со\u00a0следующей публикацией");
    await publishSandbox(env);
    const again = await (await fetch(`${env.server.baseUrl}/academy/seo-audit-checklist-2026/`)).text();
    expect(/<figure class="article__cover">([\s\S]*?)<\/figure>/.exec(again)?.[1]).toContain('alt="Сквозная аналитика: дашборд на ноутбуке"');
    expect(/<meta property="og:image" content="([^"]+)"/.exec(again)?.[1]).toMatch(/-og-30-70\.jpg$/);

    // The picture lost from the disk (by hand: «Медиа» keeps what a version shows) and the article changed:
    // its publication is refused at the cover's field, and the page keeps the cover it had.
    rmSync(join(env.sandbox.contentDir, "uploads", file ?? ""));
    rmSync(join(env.sandbox.contentDir, "uploads", `${file?.slice(0, 24)}.json`));
    writeFileSync(join(env.sandbox.contentDir, "academy/seo-audit-checklist-2026.md"), contentFile(env.sandbox, "academy/seo-audit-checklist-2026.md").replace(/^title: .*$/m, "title: Чек-лист SEO-аудита, правка"));
    const editor = await signedInSession(browser, env.server.baseUrl, EDITOR);
    await editor.page.goto(`${env.server.baseUrl}/studio/content/articles/seo-audit-checklist-2026/`);
    await editor.page.getByRole("region", { name: "Публикация записи" }).getByRole("button", { name: "Опубликовать" }).click();
    await editor.page.getByRole("group", { name: "Обложка (необязательно)" }).getByText("Этого изображения нет в\u00a0«Медиа»: выберите другое или верните его из\u00a0«Корзины»").waitFor();
    await editor.page.getByText(/не\u00a0опубликовать: в\u00a0поле «Обложка» изображение, которого нет в\u00a0«Медиа»/).waitFor();
    expect(await atEveryWidth(editor.page, 1440), "an entry whose publication was refused at its cover").toEqual([]);
    const still = await (await fetch(`${env.server.baseUrl}/academy/seo-audit-checklist-2026/`)).text();
    expect(/<figure class="article__cover">([\s\S]*?)<\/figure>/.exec(still)?.[1]).toContain('alt="Сквозная аналитика: дашборд на ноутбуке"');
    expect(editor.problems).toEqual([]);
    await editor.context.close();
  });

  it("fits a phone and passes axe there", async () => {
    const { context, page, problems } = await signedInSession(browser, env.server.baseUrl, EDITOR, 390);
    await page.goto(`${env.server.baseUrl}/studio/media/`);
    await page.getByRole("heading", { level: 1, name: "Медиа" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axe(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("answers its API only to editors, never with a path from the request, and refuses a description out of bounds at its field", async () => {
    expect((await call(env.server, "GET", "/studio/api/media")).status).toBe(401);
    for (const name of ["..%2F..%2Fpackage.json", "x.svg", "abc.png", "%00"]) {
      expect((await call(env.server, "PUT", `/studio/api/media/${name}`, { cookie: env.editor, body: { alt: "x" } })).status, name).toBe(404);
      expect((await call(env.server, "DELETE", `/studio/api/media/${name}`, { cookie: env.editor })).status, name).toBe(404);
      expect((await sendImage(env, await image(30, 30), { path: `/studio/api/media/${name}/replace` })).status, name).toBe(404);
    }
    const { file } = (await (await sendImage(env, await image(40, 40, "png"))).json()) as { file: string };
    // A replacing file is judged as an upload is; the same picture again replaces nothing; only editors replace.
    const replace = (bytes: Buffer, options: { type?: string; cookie?: string } = {}) => sendImage(env, bytes, { ...options, path: `/studio/api/media/${file}/replace` });
    const svg = await replace(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), { type: "image/svg+xml" });
    expect(svg.status).toBe(415);
    expect(((await svg.json()) as { message: string }).message).toMatch(/^SVG не\u00a0принимаем/);
    const same = await replace(await image(40, 40, "png"));
    expect(same.status).toBe(422);
    expect(((await same.json()) as { message: string }).message).toBe(asBuilt("Это тот же файл: выберите другое изображение"));
    expect((await replace(await image(41, 40, "png"), { cookie: "studio_session=forged" })).status).toBe(401);
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
