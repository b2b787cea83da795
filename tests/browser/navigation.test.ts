import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launchBrowser, openSession } from "../support/browser.ts";
import { baseUrl, plain } from "../support/http.ts";
import { waitForHydration } from "../support/app.ts";

let browser: Browser;
let page: Page;
let consoleErrors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  ({ page } = await openSession(browser, { width: 1280, height: 800 }));
  consoleErrors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") consoleErrors.push(msg.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
});

/** Waits until React has hydrated the page (the router is live). */
async function open(path: string) {
  await page.goto(baseUrl + path);
  await waitForHydration(page);
}

/** Marks the window; a full page load would lose the mark. */
async function markWindow() {
  await page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 42));
}
const markSurvived = () => page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 42);

describe("client-side navigation", () => {
  it("follows an internal link without a full page load", async () => {
    await open("/");
    await markWindow();
    await page.locator("header nav").getByRole("link", { name: "Услуги" }).click();
    await page.waitForURL(`${baseUrl}/services/`);
    await expect.poll(() => page.locator("h1").count()).toBe(1);
    expect(await markSurvived()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it("goes to the top on a new page and restores the position on Back", async () => {
    await open("/academy/");
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
    const before = await page.evaluate(() => window.scrollY);
    // Click a link already in view (a locator click would scroll first).
    await page.evaluate(() => {
      const inView = [...document.querySelectorAll<HTMLAnchorElement>("main ul a")].find((a) => {
        const box = a.getBoundingClientRect();
        return box.top > 0 && box.bottom < window.innerHeight;
      });
      inView?.click();
    });
    await page.waitForURL(/\/academy\/[a-z0-9-]+\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/academy/`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
  });

  it("gives a first visit's entry its key and restores the position after a reload", async () => {
    await open("/academy/");
    expect(await page.evaluate(() => history.state)).toEqual({ key: expect.stringMatching(/^[0-9a-v]+$/), idx: 0 });
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
    const before = await page.evaluate(() => window.scrollY);
    await page.reload();
    // Restored while the page is parsed, before the app has started. Within a few lines: the
    // reload sets the text in Onest, fetched by the first visit, and the browser's scroll
    // anchoring keeps the same text in view.
    const restored = await page.evaluate(() => window.scrollY);
    expect(Math.abs(restored - before)).toBeLessThan(60);
    await waitForHydration(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(restored);
    expect(consoleErrors).toEqual([]);
  });

  it("scrolls to the element of a hash, below the sticky header", async () => {
    await open("/");
    await page.evaluate(async () => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } })
        .__reactRouterDataRouter;
      await router.navigate("/questions/#topic-ads-analytics");
    });
    await page.waitForSelector("#topic-ads-analytics");
    await expect
      .poll(() => page.evaluate(() => document.getElementById("topic-ads-analytics")?.getBoundingClientRect().top ?? -1))
      .toBeGreaterThan(0);
    const { top, header } = await page.evaluate(() => ({
      top: document.getElementById("topic-ads-analytics")?.getBoundingClientRect().top ?? -1,
      header: document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0,
    }));
    expect(top).toBeGreaterThanOrEqual(header);
    expect(top).toBeLessThan(header + 100);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  it("shows the same 404 page when a missing page is reached inside the app", async () => {
    await open("/");
    await markWindow();
    await page.evaluate(() => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } })
        .__reactRouterDataRouter;
      return router.navigate("/services/no-such-service/");
    });
    await expect.poll(async () => plain(await page.locator("h1").textContent())).toBe("Страница не найдена");
    await expect.poll(async () => plain(await page.title())).toMatch(/^Страница не\sнайдена/);
    const chips = await page.locator("main nav a").evaluateAll((links) =>
      links.map((a) => [a.textContent?.trim(), a.getAttribute("href")]),
    );
    expect(chips).toEqual([
      ["Портфолио", "/projects/"],
      ["Услуги", "/services/"],
      ["Академия", "/academy/"],
    ]);
    expect(await page.locator("header.site-header").count()).toBe(1);
    expect(await markSurvived()).toBe(true);
  });

  it("shows the server-is-silent page when a data request fails", async () => {
    await open("/");
    await page.route("**/_.data*", (route) => route.fulfill({ status: 500, body: "boom" }));
    await page.locator("header nav").getByRole("link", { name: "Компания" }).click();
    await expect.poll(() => page.locator("main").textContent()).toContain("Сервер молчит, попробуйте обновить страницу");
    expect(await page.locator("main h1").textContent()).toBe("500");
    const refresh = page.getByRole("button", { name: "Обновить" });
    expect(await refresh.isVisible()).toBe(true);
    expect(await refresh.locator(".icon").count()).toBe(1);
    expect(await page.getByRole("link", { name: "Главная", exact: true }).getAttribute("href")).toBe("/");
    // The refresh button reloads the app.
    await page.unroute("**/_.data*");
    await markWindow();
    await Promise.all([page.waitForEvent("load"), refresh.click()]);
    expect(await markSurvived()).toBe(false);
  });
});
