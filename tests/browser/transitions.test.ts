import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openSession } from "../support/browser.ts";
import { openApp, waitForReady } from "../support/app.ts";
import { baseUrl } from "../support/http.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Navigations render whole pages: on a busy 2-core machine that takes seconds, not the poll's default 1 s. */
const SLOW = { timeout: 15_000 };

const appState = (page: Page) => page.evaluate(() => document.documentElement.dataset.appState);
const progressShown = (page: Page) => page.locator(".nav-progress").count();

/** A page whose timers only move when the test moves the clock; no prefetching. */
async function pausedPage(): Promise<Page> {
  const page = await (await openSession(browser)).page;
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "connection", { value: { saveData: true } });
  });
  await page.clock.install();
  await openApp(page, "/");
  await waitForReady(page);
  await page.clock.pauseAt(Date.now() + 60_000);
  return page;
}

/** Holds the page data of `/company/` until released. */
async function holdCompanyData(page: Page) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === "/company/_.data",
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

describe("page transitions", () => {
  it("fires start and finish hooks around every navigation, the first page included", async () => {
    const page = await (await openSession(browser)).page;
    await page.addInitScript(() => {
      const w = window as Window & { __hooks?: string[] };
      w.__hooks = [];
      for (const name of ["app:page-start", "app:page-finish"]) {
        addEventListener(name, (event) => w.__hooks?.push(`${name.slice(9)} ${(event as CustomEvent<string>).detail}`));
      }
    });
    const hooks = () => page.evaluate(() => (window as Window & { __hooks?: string[] }).__hooks ?? []);
    await openApp(page, "/");
    await expect.poll(hooks, SLOW).toEqual(["finish /"]);
    await page.locator("header nav").getByRole("link", { name: "Компания" }).click();
    await page.waitForURL(`${baseUrl}/company/`);
    await expect.poll(hooks, SLOW).toEqual(["finish /", "start /company/", "finish /company/"]);
  });

  it("shows the progress indicator only for navigations slower than 200 ms", async () => {
    const page = await pausedPage();
    expect(await appState(page)).toBe("idle");
    const release = await holdCompanyData(page);
    await page.locator("header nav").getByRole("link", { name: "Компания" }).click();
    await expect.poll(() => appState(page), SLOW).toBe("loading");
    await page.clock.runFor(150);
    expect(await progressShown(page)).toBe(0);
    await page.clock.runFor(100);
    await expect.poll(() => progressShown(page), SLOW).toBe(1);
    expect(await page.getByRole("progressbar").count()).toBe(1);

    release();
    await page.waitForURL(`${baseUrl}/company/`);
    await expect.poll(() => appState(page), SLOW).toBe("idle");
    expect(await progressShown(page)).toBe(0);
  });

  it("shows nothing for a fast navigation", async () => {
    const page = await pausedPage();
    await page.evaluate(() => {
      const w = window as Window & { __progressSeen?: boolean };
      new MutationObserver(() => {
        if (document.querySelector(".nav-progress")) w.__progressSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.locator("header nav").getByRole("link", { name: "Компания" }).click();
    await page.waitForURL(`${baseUrl}/company/`);
    await expect.poll(() => appState(page), SLOW).toBe("idle");
    await page.clock.runFor(1_000);
    expect(await page.evaluate(() => (window as Window & { __progressSeen?: boolean }).__progressSeen ?? false)).toBe(false);
  });

  it("is in the error state on a page that opened with an error, until the next good navigation", async () => {
    const page = await (await openSession(browser)).page;
    await openApp(page, "/no-such-page/");
    await expect.poll(() => appState(page), SLOW).toBe("error");
    await page.locator("main").getByRole("link", { name: "Услуги" }).click();
    await page.waitForURL(`${baseUrl}/services/`);
    await expect.poll(() => appState(page), SLOW).toBe("idle");
  });

  it("is in the error state after a failed navigation, until the next good one", async () => {
    const page = await (await openSession(browser)).page;
    await openApp(page, "/");
    await page.route("**/_.data*", (route) => route.fulfill({ status: 500, body: "boom" }));
    await page.locator("header nav").getByRole("link", { name: "Компания" }).click();
    await expect.poll(() => appState(page), SLOW).toBe("error");
    await page.unrouteAll();
    await page.locator("header nav").getByRole("link", { name: "Услуги" }).click();
    await page.waitForURL(`${baseUrl}/services/`);
    await expect.poll(() => appState(page), SLOW).toBe("idle");
  });
});
