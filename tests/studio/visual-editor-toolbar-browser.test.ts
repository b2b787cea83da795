import type { Browser, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { atEveryWidth } from "../support/axe.ts";
import { type ContentServer, contentServerAndBrowser, EDITOR } from "../support/content.ts";
import { signedInSession } from "../support/studio.ts";

/**
 * The visual editor's toolbar at a phone's width (decision 033): two rows at most, what does not
 * fit in «Ещё» (a menu button: arrows, Escape, focus given back), «Таблица» asking for its size,
 * a code block in plain text until a language is chosen, lists drawn with bullets and numbers as
 * the site draws them; axe finds nothing at 390, 768 and 1440 px with «Ещё» open, and nothing is
 * wider than the screen.
 */
let env: ContentServer;
let browser: Browser;
contentServerAndBrowser((both) => ({ env, browser } = both));

/** How many rows the toolbar's visible controls take: their distinct tops. */
const rowsOf = (toolbar: Locator) =>
  toolbar.evaluate((element) => new Set([...element.querySelectorAll<HTMLElement>(":scope > button, :scope > span > button, :scope select")].filter((control) => control.offsetParent !== null).map((control) => control.offsetTop)).size);

async function markdownOf(page: Page): Promise<string> {
  await page.getByRole("group", { name: "Вид редактора: Текст статьи" }).getByRole("button", { name: "Markdown" }).click();
  const source = page.locator(".cm-content");
  await source.waitFor();
  return source.evaluate((element) => [...element.querySelectorAll(".cm-line")].map((line) => line.textContent).join("\n"));
}

describe("the visual editor's toolbar", () => {
  it("fits two rows at 390 px, keeps the rest in «Ещё», and picks a table's size with the keyboard", { timeout: 240_000 }, async () => {
    const { context, page, problems } = await signedInSession(browser, env.server.baseUrl, EDITOR, 390, { path: "/studio/content/new/articles/" });
    const toolbar = page.getByRole("toolbar", { name: "Оформление: Текст статьи" });
    const body = page.getByRole("textbox", { name: "Текст статьи" });
    await body.click();
    expect(await rowsOf(toolbar)).toBeLessThanOrEqual(2);

    // «Ещё»: opened from the keyboard on its first entry, arrows move, Escape closes and gives focus back.
    const more = toolbar.getByRole("button", { name: "Ещё" });
    await more.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "Ещё: оформление" });
    await menu.waitFor();
    expect(await more.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Таблица");
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Подзаголовок");
    await page.keyboard.press("End");
    expect((await page.evaluate(() => document.activeElement?.textContent))?.replace(/\u00a0/g, " ")).toBe("Из «Медиа»");
    expect(await atEveryWidth(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Ещё");

    // «Таблица»: 2 × 1 offered, the arrows make it 4 columns and 2 rows under the header, Enter inserts it.
    await body.click();
    await more.click();
    await menu.getByRole("menuitem", { name: "Таблица" }).click();
    // The pointer leaves the picker: a cell it rests over as the page is measured at other widths would choose that size.
    await page.mouse.move(0, 0);
    const sizes = page.getByRole("group", { name: /^Таблица: / });
    await expect.poll(async () => (await sizes.locator("p").textContent())?.replace(/\u00a0/g, " ")).toBe("Таблица: 2 столбца, строка заголовков и 1 строка");
    expect(await atEveryWidth(page)).toEqual([]);
    for (const key of ["ArrowRight", "ArrowRight", "ArrowDown"]) await page.keyboard.press(key);
    expect((await sizes.locator("p").textContent())?.replace(/\u00a0/g, " ")).toBe("Таблица: 4 столбца, строка заголовков и 2 строки");
    await page.keyboard.press("Enter");
    const table = page.locator(".s-visual__content table");
    await table.waitFor();
    expect(await table.locator("th").count()).toBe(4);
    expect(await table.locator("td").count()).toBe(8);
    // Inside the table, its rows and columns are in «Ещё»; the toolbar still takes two rows.
    expect(await rowsOf(toolbar)).toBeLessThanOrEqual(2);
    await more.click();
    await menu.getByRole("menuitem", { name: "Столбец таблицы" }).click();
    expect(await table.locator("th").count()).toBe(5);

    // Escape closes the size picker without a table, focus back on «Ещё», where it was opened.
    await page.keyboard.press("Control+End");
    await more.click();
    await menu.getByRole("menuitem", { name: "Таблица" }).click();
    await sizes.waitFor();
    await page.keyboard.press("Escape");
    await sizes.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Ещё");
    expect(await page.locator(".s-visual__content table").count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("starts a code block in plain text, and draws lists with bullets and numbers as the site does", { timeout: 90_000 }, async () => {
    const { context, page, problems } = await signedInSession(browser, env.server.baseUrl, EDITOR, 390, { path: "/studio/content/new/articles/" });
    const toolbar = page.getByRole("toolbar", { name: "Оформление: Текст статьи" });
    const body = page.getByRole("textbox", { name: "Текст статьи" });
    const content = page.locator(".s-visual__content");
    await body.click();

    await toolbar.getByRole("button", { name: "Список", exact: true }).click();
    await page.keyboard.insertText("черновики");
    await page.keyboard.press("Enter");
    await page.keyboard.insertText("публикации");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("1. ");
    await page.keyboard.insertText("бриф");
    await page.keyboard.press("Enter");
    await page.keyboard.insertText("текст");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    const marker = (list: string) => content.locator(`${list} > li`).first().evaluate((item) => ({ type: getComputedStyle(item).listStyleType, shown: getComputedStyle(item).display, color: getComputedStyle(item, "::marker").color }));
    expect(await marker("ul")).toEqual({ type: "disc", shown: "list-item", color: "rgb(58, 61, 240)" });
    expect(await marker("ol")).toEqual({ type: "decimal", shown: "list-item", color: "rgb(58, 61, 240)" });

    // «Блок кода» from «Ещё»: plain text, its language chosen under the toolbar only if wanted.
    await toolbar.getByRole("button", { name: "Ещё" }).click();
    await page.getByRole("menu", { name: "Ещё: оформление" }).getByRole("menuitemcheckbox", { name: "Блок кода" }).click();
    await page.keyboard.insertText("Открыть отчёт и сверить цифры");
    const language = page.getByLabel("Язык блока кода");
    expect(await language.inputValue()).toBe("");
    expect(await language.locator("option:checked").textContent()).toBe("без подсветки");
    expect(await rowsOf(toolbar)).toBeLessThanOrEqual(2);

    // Typed lists are tight, as the toolbar's: the site spaces them as it spaces the content's own.
    expect(await markdownOf(page)).toBe("- черновики\n- публикации\n\n1. бриф\n2. текст\n\n```\nОткрыть отчёт и сверить цифры\n```");
    expect(problems).toEqual([]);
    await context.close();
  });
});
