import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axe } from "../support/axe.ts";
import { type ContentServer, contentServerAndBrowser, contentFile, describedUpload, EDITOR, image, newArticle, publishSandbox, save } from "../support/content.ts";
import { signedInSession, type StudioSession } from "../support/studio.ts";

/**
 * The visual text editor in Chromium (decision 033): an article written with
 * the toolbar and the keyboard only, its cover and an image picked from
 * «Медиа», saved with Ctrl+S, published, and every construct found on the
 * public page; a paste from Google Docs keeps its
 * structure and loses its styling; axe finds nothing and the CSP is not broken.
 * A text with HTML blocks in a quote and a list opens with them as their
 * source, and an edit elsewhere keeps them byte for byte (issue 53).
 */
let env: ContentServer;
let browser: Browser;
contentServerAndBrowser((both) => ({ env, browser } = both));

const open = (): Promise<StudioSession> => signedInSession(browser, env.server.baseUrl, EDITOR);

async function newArticleForm(page: Page, slug: string): Promise<void> {
  await page.goto(`${env.server.baseUrl}/studio/content/new/articles/`);
  await page.getByRole("heading", { level: 1, name: "Новая статья", exact: true }).waitFor();
  await page.getByLabel("Адрес", { exact: true }).fill(slug);
  await page.getByLabel("Заголовок страницы").fill("Визуальный редактор студии");
  await page.getByLabel("Описание для поисковиков").fill("Как агентство пишет тексты сайта без Markdown: таблицы, ссылки, изображения.");
  await page.getByLabel("Автор").selectOption("anna-sokolova");
  await page.getByLabel("Рубрика").selectOption("analytics");
  await page.getByLabel("Теги", { exact: true }).fill("analytics, studio");
  await page.getByLabel("Дата публикации").fill("25.11.2026");
}

describe("the visual text editor", () => {
  it("writes an article with the toolbar and the keyboard, pictures from «Медиа», saves it with Ctrl+S, and the site shows each construct", { timeout: 120_000 }, async () => {
    // Already in «Медиа», described: a cover and a picture for the text.
    await describedUpload(env, await image(1600, 1000), "Команда агентства за работой над отчётом");
    await describedUpload(env, await image(480, 300), "График заявок за квартал");
    const { context, page, problems } = await open();
    await newArticleForm(page, "vizualnyj-redaktor");
    const cover = page.getByRole("group", { name: "Обложка (необязательно)" });
    await cover.getByRole("button", { name: "Выбрать из «Медиа»" }).click();
    await cover.getByRole("button", { name: /Команда агентства за\sработой/ }).click();
    const toolbar = page.getByRole("toolbar", { name: "Оформление: Текст статьи" });
    const body = page.getByRole("textbox", { name: "Текст статьи" });
    await body.click();

    // A heading from the toolbar.
    await toolbar.getByRole("button", { name: "Заголовок", exact: true }).click();
    await page.keyboard.insertText("Что умеет редактор");
    expect(await page.locator(".s-visual__content h2").textContent()).toBe("Что умеет редактор");
    await page.keyboard.press("Enter");

    // Bold and italic from the keyboard; the buttons say they are on.
    await page.keyboard.press("Control+B");
    await page.keyboard.insertText("Жирное начало");
    expect(await toolbar.getByRole("button", { name: "Жирный" }).getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("Control+B");
    await page.keyboard.insertText(" и ");
    await page.keyboard.press("Control+I");
    await page.keyboard.insertText("курсивный конец");
    await page.keyboard.press("Control+I");
    await page.keyboard.press("Enter");

    // A bullet list from the toolbar; an empty item ends it.
    await toolbar.getByRole("button", { name: "Список", exact: true }).click();
    await page.keyboard.insertText("черновики");
    await page.keyboard.press("Enter");
    await page.keyboard.insertText("публикации");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");

    // A link: the word selected, Ctrl+K, the address typed in the small form.
    await page.keyboard.insertText("Напишите нам");
    for (let i = 0; i < "нам".length; i++) await page.keyboard.press("Shift+ArrowLeft");
    await page.keyboard.press("Control+K");
    const address = page.getByLabel("Адрес ссылки");
    await address.fill("");
    await page.keyboard.press("Enter");
    await page.getByText("Укажите адрес: https://…").waitFor();
    await address.fill("/contacts/");
    await page.keyboard.press("Enter");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");

    // A table: Tab goes from cell to cell.
    await toolbar.getByRole("button", { name: "Ещё" }).click();
    await page.getByRole("menuitem", { name: "Таблица" }).click();
    // Its size asked for: two columns and a row under the header offered, Enter takes them.
    await page.getByRole("group", { name: /^Таблица: 2\sстолбца/ }).waitFor();
    await page.keyboard.press("Enter");
    for (const [index, text] of ["Канал", "Доля", "Директ", "40"].entries()) {
      if (index > 0) await page.keyboard.press("Tab");
      await page.keyboard.insertText(text);
    }
    await page.keyboard.press("Control+End");

    // An image: uploaded, then its description asked for (required).
    await page.getByLabel("Файл изображения").setInputFiles({ name: "kvadrat.png", mimeType: "image/png", buffer: await image(320, 200) });
    const alt = page.getByLabel("Что на изображении (для тех, кто его не видит)");
    await alt.waitFor();
    await page.getByRole("button", { name: "Вставить изображение" }).click();
    await page.getByText("Опишите изображение: это прочтут те, кто его не видит").waitFor();
    await alt.fill("Синий прямоугольник");
    await page.keyboard.press("Enter");
    await page.locator('.s-visual__content img[alt="Синий прямоугольник"]').waitFor();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");

    // An image from «Медиа»: its description comes with it, to check and insert.
    await toolbar.getByRole("button", { name: "Ещё" }).click();
    await page.getByRole("menuitem", { name: "Из «Медиа»" }).click();
    await page.getByRole("group", { name: "Изображение из «Медиа»" }).getByRole("button", { name: /График заявок за\sквартал/ }).click();
    expect(await alt.inputValue()).toBe("График заявок за квартал");
    await page.keyboard.press("Enter");
    await page.locator('.s-visual__content img[alt="График заявок за квартал"]').waitFor();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");

    // A code block in its language.
    await toolbar.getByRole("button", { name: "Ещё" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Блок кода" }).click();
    await page.getByLabel("Язык блока кода").selectOption("sql");
    await body.focus();
    await page.keyboard.insertText("SELECT 1;");

    expect(await axe(page)).toEqual([]);
    await page.keyboard.press("Control+S");
    await page.waitForURL(/\/studio\/content\/articles\/vizualnyj-redaktor\/$/);
    await page.getByText(/Сохранено/).waitFor();
    const file = contentFile(env.sandbox, "academy/vizualnyj-redaktor.md");
    expect(file).toContain("## Что умеет редактор\n\n**Жирное начало** и _курсивный конец_");
    expect(file).toContain("```sql\nSELECT 1;\n```");
    expect(file).toContain("| Канал | Доля |\n| --- | --- |\n| Директ | 40 |");

    await publishSandbox(env);
    const res = await fetch(`${env.server.baseUrl}/academy/vizualnyj-redaktor/`);
    expect(res.status).toBe(200);
    const html = (await res.text()).replace(/\u00a0|&nbsp;/g, " ");
    expect(html).toMatch(/<h2[^>]*>Что умеет редактор/);
    expect(html).toMatch(/<strong>Жирное начало<\/strong>/);
    expect(html).toMatch(/<em>курсивный конец<\/em>/);
    expect(html).toMatch(/<ul>\s*<li>черновики<\/li>\s*<li>публикации<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<a href="\/contacts\/"[^>]*>нам<\/a>/);
    const table = /<table[\s\S]*?<\/table>/.exec(html)?.[0];
    expect(table).toMatch(/<th[^>]*>Канал<\/th>[\s\S]*<td[^>]*>40<\/td>/);
    expect(html).toMatch(/<img[^>]*alt="Синий прямоугольник"/);
    expect(html).toMatch(/<img[^>]*alt="График заявок за квартал"/);
    expect(/<figure class="article__cover">[\s\S]*?<\/figure>/.exec(html)?.[0]).toContain('alt="Команда агентства за работой над отчётом"');
    expect(html).toMatch(/<pre class="code-block[^"]*"[^>]*>[\s\S]*<code[\s\S]*SELECT/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps the structure of a Google Docs paste and drops its styling, and the Markdown mode shows the same text", { timeout: 60_000 }, async () => {
    const { context, page, problems } = await open();
    await newArticleForm(page, "vstavka-iz-dokumenta");
    const body = page.getByRole("textbox", { name: "Текст статьи" });
    await body.click();
    await body.evaluate((element, html) => {
      const data = new DataTransfer();
      data.setData("text/html", html);
      data.setData("text/plain", "Итоги квартала");
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, GOOGLE_DOCS_HTML);
    const content = page.locator(".s-visual__content");
    await content.locator("h2", { hasText: "Итоги квартала" }).waitFor();
    expect(await content.locator("ul > li").allTextContents()).toEqual(["Заявки выросли на 30 %", "Стоимость заявки упала"]);
    expect(await content.locator("a").getAttribute("href")).toBe("https://example.com/otchet");
    expect((await content.locator("table td").allTextContents()).map((text) => text.trim())).toEqual(["Канал", "Заявки", "Директ", "120"]);
    // Bold stays where it was bold (a word, the table's first row), not where Google wraps everything in <b>.
    expect(await content.locator("strong").allTextContents()).toEqual(["важно", "Канал", "Заявки"]);
    // No styling comes along: no style attribute, no font, no span of Google's.
    expect(await content.locator("[style], span, font").count()).toBe(0);

    await page.getByRole("group", { name: "Вид редактора: Текст статьи" }).getByRole("button", { name: "Markdown" }).click();
    const source = page.locator(".cm-content");
    await source.waitFor();
    const markdown = await source.evaluate((element) => [...element.querySelectorAll(".cm-line")].map((line) => line.textContent).join("\n"));
    expect(markdown).toContain("## Итоги квартала");
    expect(markdown).toContain("- Заявки выросли на 30 %");
    expect(markdown).toContain("[отчёт](https://example.com/otchet)");
    expect(markdown).toContain("| **Канал** | **Заявки** |");
    expect(markdown).toContain("**важно**");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("turns Word's list paragraphs into a list and keeps its headings and links, and makes typed Markdown its block", { timeout: 60_000 }, async () => {
    const { context, page, problems } = await open();
    await newArticleForm(page, "vstavka-iz-word");
    const body = page.getByRole("textbox", { name: "Текст статьи" });
    await body.click();
    await body.evaluate((element, html) => {
      const data = new DataTransfer();
      data.setData("text/html", html);
      data.setData("text/plain", "Что сделали");
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, WORD_HTML);
    const content = page.locator(".s-visual__content");
    await content.locator("h2", { hasText: "Что сделали" }).waitFor();
    expect((await content.locator("ul > li").allTextContents()).map((text) => text.trim())).toEqual(["Настроили аналитику", "Запустили рекламу"]);
    expect(await content.locator("a").getAttribute("href")).toBe("https://example.com/keis");
    expect(await content.locator("strong").allTextContents()).toEqual(["целиком"]);
    expect(await content.locator("[style], span, font").count()).toBe(0);

    // For those who type Markdown anyway: at a line's start it becomes the block, and Backspace gives the characters back.
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("### ");
    await page.keyboard.insertText("Что дальше");
    await content.locator("h3", { hasText: "Что дальше" }).waitFor();
    await page.keyboard.press("Enter");
    await page.keyboard.type("1. ");
    await page.keyboard.press("Backspace");
    expect(await content.locator("ol").count()).toBe(0);
    expect(await content.locator("p").last().textContent()).toBe("1. ");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("opens a text with HTML blocks in a quote and a list, shows them as their source, and an edit elsewhere saves them byte for byte", { timeout: 60_000 }, async () => {
    const quote = '> <div class="note">\n> Заметка <b>важная</b>\n> </div>';
    const list = "- пункт\n\n  <!-- заметка -->";
    const body = `Вступление.\n\n${quote}\n\n${list}\n\nДальше текст.`;
    expect((await save(env, "articles", "html-v-citate", { values: newArticle("html-v-citate", "HTML в цитате", body), baseHash: null })).status).toBeLessThan(300);
    const { context, page, problems } = await open();
    await page.goto(`${env.server.baseUrl}/studio/content/articles/html-v-citate/`);
    const content = page.locator(".s-visual__content");
    await content.locator("[data-raw]").first().waitFor();
    expect(await content.locator("[data-raw]").allTextContents()).toEqual([quote, list]);

    await content.locator("p", { hasText: "Дальше текст." }).click();
    await page.keyboard.press("End");
    await page.keyboard.insertText(" Дописано.");
    await page.keyboard.press("Control+S");
    await page.getByText(/Сохранено/).waitFor();
    expect(contentFile(env.sandbox, "academy/html-v-citate.md")).toContain(`Вступление.\n\n${quote}\n\n${list}\n\nДальше текст. Дописано.`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** What Word puts on the clipboard (trimmed): its style sheet, lists as paragraphs with a bullet to ignore, styles everywhere. */
const WORD_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word"><head><meta charset="utf-8"><style><!-- p.MsoNormal {margin:0cm; font-size:11.0pt; font-family:"Calibri",sans-serif;} p.MsoListParagraphCxSpFirst {margin-left:36.0pt;} --></style></head><body lang=RU style='tab-interval:35.4pt'><!--StartFragment--><h2><span style='font-family:"Calibri Light",sans-serif;color:#2F5496'>Что сделали</span></h2><p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span lang=RU>Настроили аналитику</span></p><p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span lang=RU>Запустили рекламу</span></p><p class=MsoNormal><a href="https://example.com/keis"><span style='color:#0563C1'>Кейс</span></a> <b><span style='font-size:12.0pt'>целиком</span></b></p><!--EndFragment--></body></html>`;

/** What Google Docs puts on the clipboard (trimmed): a <b> wrapper that is not bold, styles on every span, cells of paragraphs. */
const GOOGLE_DOCS_HTML = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b3c"><h1 dir="ltr" style="line-height:1.38;margin-top:20pt;margin-bottom:6pt;"><span style="font-size:20pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;">Итоги квартала</span></h1><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;">Это </span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:700;">важно</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;">, см. </span><a href="https://example.com/otchet" style="text-decoration:none;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#1155cc;text-decoration:underline;">отчёт</span></a></p><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;font-family:Arial,sans-serif;"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;font-family:Arial,sans-serif;">Заявки выросли на 30 %</span></p></li><li dir="ltr" style="list-style-type:disc;font-size:11pt;font-family:Arial,sans-serif;"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;font-family:Arial,sans-serif;">Стоимость заявки упала</span></p></li></ul><div dir="ltr" style="margin-left:0pt;" align="left"><table style="border:none;border-collapse:collapse;"><colgroup><col width="200"><col width="200"></colgroup><tbody><tr style="height:0pt"><td style="border-left:solid #000000 1pt;vertical-align:top;padding:5pt;"><p dir="ltr" style="line-height:1.2;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;font-weight:700;">Канал</span></p></td><td style="border-left:solid #000000 1pt;vertical-align:top;padding:5pt;"><p dir="ltr" style="line-height:1.2;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;font-weight:700;">Заявки</span></p></td></tr><tr style="height:0pt"><td style="vertical-align:top;padding:5pt;"><p dir="ltr"><span style="font-size:11pt;">Директ</span></p></td><td style="vertical-align:top;padding:5pt;"><p dir="ltr"><span style="font-size:11pt;">120</span></p></td></tr></tbody></table></div></b>`;
