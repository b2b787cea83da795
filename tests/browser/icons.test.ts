import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openSession } from "../support/browser.ts";
import { collectErrors, openApp } from "../support/app.ts";
import { baseUrl, get } from "../support/http.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const isSearchIcon = (url: URL) => url.pathname === "/assets/icons/search.svg";
/** The header's search icon (the header also holds the menu's icons, hidden on wide screens). */
const searchIcon = (page: Page) => page.locator("header").getByRole("link", { name: "Поиск по сайту" }).locator(".icon");

describe("icons", () => {
  it("are served as files with a day of cache (they are not content-hashed)", async () => {
    const res = await get("/assets/icons/search.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400, stale-while-revalidate=604800");
  });

  it("hold their size while the file is still loading", async () => {
    const page = await (await openSession(browser)).page;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isSearchIcon, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/`, { waitUntil: "domcontentloaded" });
    const box = await searchIcon(page).boundingBox();
    expect(box).toMatchObject({ width: 22, height: 22 });
    release();
  });

  it("log a failed load to the console and leave the page intact", async () => {
    const page = await (await openSession(browser)).page;
    const errors = collectErrors(page);
    await page.route(isSearchIcon, (route) => route.fulfill({ status: 404, contentType: "text/plain", body: "Not Found" }));
    await openApp(page, "/");
    await expect.poll(() => errors.some((e) => e.includes('Icon "search" failed to load'))).toBe(true);
    expect(await page.locator("main h1").count()).toBe(1);
    const box = await searchIcon(page).boundingBox();
    expect(box).toMatchObject({ width: 22, height: 22 });
    expect(errors.filter((e) => !e.includes("search.svg") && !e.includes("404"))).toEqual([]);
  });
});
