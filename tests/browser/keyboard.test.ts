import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForHydration } from "../support/app.ts";
import { launchBrowser, openSession } from "../support/browser.ts";
import { baseUrl, plain } from "../support/http.ts";

/**
 * A visitor who uses only the keyboard, on a phone-sized screen: skip link,
 * menu, portfolio filters, search, the questions accordion and a form. Every
 * stop has a visible focus ring.
 */
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openSession(browser, { width: 360, height: 800 }));
});
afterAll(async () => {
  await browser.close();
});

type Focused = { tag: string; name: string; text: string; className: string; ring: boolean };

async function focused(): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { tag: "", name: "", text: "", className: "", ring: false };
    const style = getComputedStyle(el);
    const ring = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none";
    return {
      tag: el.tagName.toLowerCase(),
      name: el.getAttribute("name") ?? "",
      text: (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim(),
      className: el.className,
      ring,
    };
  });
}

/** Presses Tab (or Shift+Tab) until the focused element matches; every element passed on the way must show its focus. */
async function tabTo(match: (f: Focused) => boolean, what: string, direction: "forward" | "back" = "forward", max = 80): Promise<Focused> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(direction === "forward" ? "Tab" : "Shift+Tab");
    const now = await focused();
    expect(now.ring, `focus ring on <${now.tag} name="${now.name}" class="${now.className}"> "${now.text.slice(0, 40)}"`).toBe(true);
    if (match(now)) return now;
  }
  throw new Error(`${what} not reached within ${max} presses of Tab`);
}

async function open(path: string) {
  await page.goto(baseUrl + path);
  await waitForHydration(page);
}

describe("a keyboard-only visitor", () => {
  it("skips to the content, opens the menu and follows a link", async () => {
    await open("/");
    await page.keyboard.press("Tab");
    expect(plain((await focused()).text)).toBe("Перейти к содержанию");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");

    await open("/");
    await tabTo((f) => f.tag === "summary", "the menu button");
    await page.keyboard.press("Enter");
    await tabTo((f) => f.tag === "a" && plain(f.text) === "Проекты", "the Projects link");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseUrl}/projects/`);
  });

  it("filters the portfolio", async () => {
    await open("/projects/");
    await tabTo((f) => f.name === "industry", "the industry filter");
    await page.keyboard.press("ArrowDown");
    const industry = await page.locator("select[name=industry]").inputValue();
    expect(industry).not.toBe("");
    await tabTo((f) => f.tag === "button" && plain(f.text) === "Показать", "the filter button");
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`[?&]industry=${industry}(&|$)`));
    await page.locator(".filters__summary").waitFor();
  });

  it("searches with / and opens a result", async () => {
    await open("/services/");
    await page.keyboard.press("/");
    await page.waitForURL(`${baseUrl}/search/`);
    await expect.poll(async () => (await focused()).tag).toBe("input");
    await page.keyboard.type("аналитика");
    await page.locator("main .search-results__list a").first().waitFor({ timeout: 20_000 });
    const first = await page.locator("main .search-results__list a").first().getAttribute("href");
    await tabTo((f) => f.tag === "a" && f.text !== "", "a search result");
    const target = await page.evaluate(() => (document.activeElement as HTMLAnchorElement).getAttribute("href"));
    expect(target).toBeTruthy();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === new URL(target ?? "/", baseUrl).pathname);
    expect(first).toBeTruthy();
  });

  it("opens and closes an answer in the questions accordion", async () => {
    await open("/questions/");
    const item = page.locator(".accordion__item").first();
    await tabTo((f) => f.tag === "summary" && f.className.includes("accordion"), "the first question");
    await page.keyboard.press("Enter");
    await expect.poll(() => item.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    await page.keyboard.press("Space");
    await expect.poll(() => item.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
  });

  it("fills and sends the project request, hearing about a missing field first", async () => {
    await open("/contacts/");
    const form = page.locator("#project-request form");
    await form.scrollIntoViewIfNeeded();
    await tabTo((f) => f.name === "name", "the name field");
    await page.keyboard.type("Мария Кузнецова");
    await tabTo((f) => f.tag === "button" && f.text.includes("Отправить"), "the send button");
    await page.keyboard.press("Enter");
    // Phone or e-mail is missing (and consent): the first field with an error gets the focus.
    await expect.poll(async () => (await focused()).name).toMatch(/^(phone|email|consent)$/);
    if ((await focused()).name !== "phone") await tabTo((f) => f.name === "phone", "the phone field", "back");
    await page.keyboard.type("+7 903 111-22-33");
    await tabTo((f) => f.name === "consent", "the consent checkbox");
    await page.keyboard.press("Space");
    await tabTo((f) => f.tag === "button" && f.text.includes("Отправить"), "the send button");
    await page.keyboard.press("Enter");
    const success = page.locator("#project-request .lead-form__success");
    await success.waitFor({ timeout: 20_000 });
    // Focus moves to the confirmation, so a screen reader announces it.
    expect(plain((await focused()).text)).toBe("Спасибо, заявка отправлена");
    expect(await page.locator("#project-request form").count()).toBe(0);
  });
});
