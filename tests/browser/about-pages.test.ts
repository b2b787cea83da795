import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openSession } from "../support/browser.ts";
import { baseUrl, get, getHtml } from "../support/http.ts";
import { scrolledToRest, waitForHydration } from "../support/app.ts";

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
afterEach(async () => {
  await context?.close();
});

async function open(path: string, javaScript: boolean, width = 1440): Promise<Page> {
  const session = await openSession(browser, { width, height: 800, javaScriptEnabled: javaScript });
  context = session.context;
  const { page } = session;
  await page.goto(baseUrl + path);
  if (javaScript) await waitForHydration(page);
  return page;
}

const articleLinks = (page: Page) => page.locator(".academy__list .card__link");

describe.each([false, true])("academy list (JavaScript %s)", (javaScript) => {
  it("filters by a tag shown as typed, at its transliterated address in the URL query", async () => {
    const page = await open("/academy/", javaScript);
    const all = await articleLinks(page).count();
    await page.locator(".academy__filters").getByRole("link", { name: "электронная коммерция", exact: true }).click();
    await page.waitForURL(/\?tag=elektronnaya-kommertsiya$/);
    await page.locator(".academy__count").waitFor();
    const shown = await articleLinks(page).count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(all);
    for (const href of await articleLinks(page).evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname))) {
      const { html } = await getHtml(href);
      expect(html, href).toContain('href="/academy/?tag=elektronnaya-kommertsiya"');
    }
  });

  it("pages with plain links: page 2 shows other articles", async () => {
    const page = await open("/academy/", javaScript);
    const first = await articleLinks(page).allTextContents();
    await page.locator(".pagination").getByRole("link", { name: "Страница 2" }).click();
    await page.waitForURL(/\?page=2$/);
    await page.locator('.pagination [aria-current="page"]', { hasText: "2" }).waitFor();
    const second = await articleLinks(page).allTextContents();
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((t) => first.includes(t))).toEqual([]);
  });
});

describe("academy query pages", () => {
  it("renders filtered and paged lists on the server, and 404s past the end", async () => {
    const tagged = await getHtml("/academy/?tag=python");
    expect(tagged.status).toBe(200);
    expect(tagged.html).toContain('aria-current="true"');
    expect((await getHtml("/academy/?page=2")).status).toBe(200);
    expect((await getHtml("/academy/?page=99")).status).toBe(404);
    expect((await getHtml("/academy/?tag=no-such-tag")).status).toBe(404);
  });

  it("sends an old tag address (before tags were stored as typed) to the new one with 301, the other filters kept", async () => {
    const moved = await get("/academy/?category=seo&tag=ecommerce&page=1");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/academy/?category=seo&tag=elektronnaya-kommertsiya&page=1");
    expect((await get("/academy/?tag=python")).status).toBe(200);
  });
});

describe("article table of contents", () => {
  it.each([360, 1440])("scrolls to the heading and keeps it below the sticky header at %ipx", async (width) => {
    const page = await open("/academy/analytics-attribution-models/", true, width);
    const links = page.locator(".toc a");
    expect(await links.count()).toBeGreaterThan(2);
    const target = (await links.nth(2).getAttribute("href")) ?? "";
    await links.nth(2).click();
    // Smooth scrolling: measured once the scroll has come to rest.
    await scrolledToRest(page);
    const { top, headerBottom } = await page.evaluate((id) => {
      const heading = document.getElementById(decodeURIComponent(id.slice(1)));
      const header = document.querySelector(".site-header");
      return { top: heading?.getBoundingClientRect().top ?? -1, headerBottom: header?.getBoundingClientRect().bottom ?? 0 };
    }, target);
    expect(top).toBeGreaterThanOrEqual(headerBottom);
    expect(top).toBeLessThan(headerBottom + 120);
  });
});

describe("questions accordion", () => {
  it("has every answer in the server HTML", async () => {
    const { html } = await getHtml("/questions/");
    const items = html.match(/<details[^>]*class="accordion__item"/g)?.length ?? 0;
    const answers = html.match(/class="accordion__content"><div class="prose">\s*<p>[^<]/g)?.length ?? 0;
    expect(items).toBeGreaterThanOrEqual(20);
    expect(answers).toBe(items);
  });

  it("opens and closes with Enter and Space", async () => {
    const page = await open("/questions/", true);
    const item = page.locator(".accordion__item").first();
    const answer = item.locator(".accordion__content");
    await item.locator("summary").focus();
    expect(await answer.isVisible()).toBe(false);
    await page.keyboard.press("Enter");
    await expect.poll(() => answer.isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => answer.isVisible()).toBe(false);
    await page.keyboard.press("Space");
    await expect.poll(() => answer.isVisible()).toBe(true);
    await page.keyboard.press("Space");
    await expect.poll(() => answer.isVisible()).toBe(false);
  });
});
