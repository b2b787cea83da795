import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { GOOGLE_DOCS, WEB_PAGE, WORD } from "../support/clipboard.ts";
import { type ContentServer, contentServerAndBrowser, EDITOR } from "../support/content.ts";
import { signedInSession } from "../support/studio.ts";

/**
 * A paste into the visual editor keeps exactly the bold, italic, headings, lists, links and
 * tables its source showed (decision 033): the clipboard's HTML of Word, Google Docs and a web
 * page (tests/support/clipboard.ts) pasted as Chromium pastes it, a paste event carrying
 * text/html, and the Markdown the field then holds compared whole. No bold from Word's
 * `mso-bidi-font-weight`, no font sizes or colours, no empty paragraphs, no pasted picture,
 * lists as tight as typed ones; no CSP violation.
 */
let env: ContentServer;
let browser: Browser;
contentServerAndBrowser((both) => ({ env, browser } = both));

async function paste(page: Page, html: string, text: string): Promise<void> {
  const body = page.getByRole("textbox", { name: "Текст статьи" });
  await body.click();
  await body.evaluate(
    (element, clipboard) => {
      const data = new DataTransfer();
      data.setData("text/html", clipboard.html);
      data.setData("text/plain", clipboard.text);
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { html, text },
  );
}

/** The field's Markdown, as the «Markdown» mode shows it. */
async function markdownOf(page: Page): Promise<string> {
  await page.getByRole("group", { name: "Вид редактора: Текст статьи" }).getByRole("button", { name: "Markdown" }).click();
  const source = page.locator(".cm-content");
  await source.waitFor();
  return source.evaluate((element) => [...element.querySelectorAll(".cm-line")].map((line) => line.textContent).join("\n"));
}

describe("a paste into the visual editor", () => {
  for (const [source, clipboard] of [
    ["Word", WORD],
    ["Google Docs", GOOGLE_DOCS],
    ["a web page", WEB_PAGE],
  ] as const) {
    it(`from ${source} keeps its bold, italic, headings, lists, links and tables, and nothing else`, { timeout: 60_000 }, async () => {
      const { context, page, problems } = await signedInSession(browser, env.server.baseUrl, EDITOR, 1440, { path: "/studio/content/new/articles/" });
      // The plain text beside the HTML, as every source writes both (the editor reads the HTML).
      await paste(page, clipboard.html, clipboard.markdown.replace(/[*_#|[\]]|\(https:[^)]*\)/g, ""));
      await page.locator(".s-visual__content table").waitFor();
      // On screen: the source's structure, none of its styling.
      expect(await page.locator(".s-visual__content").locator("[style], span, font, img").count()).toBe(0);
      expect((await markdownOf(page)).trim()).toBe(clipboard.markdown);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
