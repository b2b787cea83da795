import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openSession } from "../support/browser.ts";
import {
  collectErrors,
  countDocumentLoads,
  markSurvived,
  markWindow,
  openApp,
  requestsSettled,
  waitForHydration,
  waitForReady,
} from "../support/app.ts";
import { baseUrl } from "../support/http.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

type ManifestWindow = Window & { __reactRouterManifest?: { routes: Record<string, { module: string }> } };

/** The URL path of a route's module in this build. */
function routeModule(page: Page, routeId: string): Promise<string> {
  return page.evaluate((id) => (window as ManifestWindow).__reactRouterManifest?.routes[id]?.module ?? "", routeId);
}

/** Makes a script fail to load: the first `times` requests, or all of them. */
async function failScript(page: Page, path: string, times = Number.POSITIVE_INFINITY): Promise<{ failed: number }> {
  const state = { failed: 0 };
  await page.route(
    (url) => url.pathname === path,
    (route) => {
      if (state.failed >= times) return route.continue();
      state.failed += 1;
      return route.fulfill({ status: 404, contentType: "text/plain", body: "Not Found" });
    },
  );
  return state;
}

/** Data saver on: no prefetching, so the click is the first request for the module. */
async function pageWithoutPrefetch(options: { navigationApi?: boolean } = {}): Promise<Page> {
  const page = await (await openSession(browser)).page;
  await page.addInitScript((navigationApi) => {
    Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } });
    // Browsers from before the Navigation API.
    if (!navigationApi) delete (window as { navigation?: unknown }).navigation;
  }, options.navigationApi ?? true);
  return page;
}

const clickCompany = (page: Page) => page.locator("header nav").getByRole("link", { name: "Компания" }).click();

describe("chunk-load recovery", () => {
  it("reloads at the destination once, and within 10 s shows the error page instead of looping", async () => {
    const page = await pageWithoutPrefetch();
    const errors = collectErrors(page);
    await openApp(page, "/");
    const module = await routeModule(page, "routes/company/page");
    expect(module).toMatch(/^\/assets\/.+\.js$/);
    const firstFailure = await failScript(page, module, 1);
    const loads = countDocumentLoads(page);

    await markWindow(page);
    await clickCompany(page);
    await page.waitForURL(`${baseUrl}/company/`);
    await waitForHydration(page);
    expect(firstFailure.failed).toBe(1);
    expect(await markSurvived(page)).toBe(false);
    // Straight to the destination: React Router's reload of the old page was cancelled.
    expect(loads.urls).toEqual([`${baseUrl}/company/`]);
    expect(errors.some((e) => e.includes("/company/") && e.includes("failed to load"))).toBe(true);
    const guard = await page.evaluate(() => JSON.parse(sessionStorage.getItem("app:chunk-reload") ?? "null"));
    expect(guard.path).toBe("/company/");
    expect(guard.expires - Date.now()).toBeGreaterThan(5_000);
    expect(guard.expires - Date.now()).toBeLessThanOrEqual(10_000);

    // Same tab, same destination, within 10 s: fails again.
    await page.unrouteAll();
    await openApp(page, "/");
    await failScript(page, module);
    loads.urls.length = 0;
    await markWindow(page);
    await clickCompany(page);
    await expect.poll(() => page.locator("main").textContent()).toContain("Сервер молчит, попробуйте обновить страницу");
    // A reload would have begun as the error page was chosen instead (app/runtime/chunk-recovery.ts):
    // a request of the page's own made after that comes after it.
    await requestsSettled(page);
    expect(loads.urls).toEqual([]);
    expect(await markSurvived(page)).toBe(true);
    expect(errors.some((e) => e.includes("failed to load again"))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.appState)).toBe("error");

    // The next good navigation (the error page's link home) clears the error.
    await page.getByRole("link", { name: "Главная", exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.appState)).toBe("idle");
    expect(page.url()).toBe(`${baseUrl}/`);
    expect(await page.locator("main").textContent()).not.toContain("Сервер молчит");
    expect(await markSurvived(page)).toBe(true);
  });

  it("without the Navigation API, continues to the destination after React Router's reload, under the same guard", async () => {
    const page = await pageWithoutPrefetch({ navigationApi: false });
    await openApp(page, "/");
    expect(await page.evaluate(() => "navigation" in window)).toBe(false);
    const module = await routeModule(page, "routes/company/page");
    await failScript(page, module, 1);
    const loads = countDocumentLoads(page);
    await clickCompany(page);
    await page.waitForURL(`${baseUrl}/company/`);
    await waitForHydration(page);
    expect(loads.urls).toEqual([`${baseUrl}/`, `${baseUrl}/company/`]);

    await page.unrouteAll();
    await openApp(page, "/");
    await failScript(page, module);
    await clickCompany(page);
    // The error page shows after React Router's reload of this page and its hydration: a full
    // page load, longer than expect.poll's default second on a busy machine.
    await expect
      .poll(() => page.locator("main").textContent())
      .toContain("Сервер молчит, попробуйте обновить страницу");
    expect(page.url()).toBe(`${baseUrl}/`);
  });

  it("does not reload the page when only a prefetch fails", async () => {
    const probe = await (await openSession(browser)).page;
    await openApp(probe, "/");
    const module = await routeModule(probe, "routes/contacts/page");
    await probe.context().close();

    const page = await (await openSession(browser, { width: 1280, height: 800 })).page;
    const errors = collectErrors(page);
    const failure = await failScript(page, module);
    const loads = countDocumentLoads(page);
    await openApp(page, "/");
    loads.urls.length = 0;
    await markWindow(page);
    await waitForReady(page);
    await expect.poll(() => failure.failed).toBeGreaterThan(0);
    // React Router answers the failure with a reload, which the app cancels as it logs this
    // (app/runtime/chunk-recovery.ts): a reload let through would have begun by then, and a
    // request of the page's own made after that comes after it.
    await expect.poll(() => errors.some((e) => e.includes("Prefetched code failed to load"))).toBe(true);
    await requestsSettled(page);
    expect(loads.urls).toEqual([]);
    expect(await markSurvived(page)).toBe(true);
  });
});
