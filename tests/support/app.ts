import type { Page } from "playwright-core";
import { baseUrl } from "./site.ts";

/** Window properties the browser tests read (the router is React Router's own global). */
export type TestWindow = Window & {
  __mark?: number;
  __reactRouterDataRouter?: { navigate(to: string): Promise<void> };
};

/** Opens a page and waits until it is hydrated (the runtime has left "hydrating"). */
export async function openApp(page: Page, path: string, origin = baseUrl): Promise<void> {
  await page.goto(origin + path);
  await waitForHydration(page);
}

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const state = document.documentElement.dataset.appState;
    return state !== undefined && state !== "hydrating";
  });
}

/** Waits until the app is ready (hydrated, then idle): background work has been scheduled. */
export async function waitForReady(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
}

/** Marks the window; a full page load loses the mark. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as TestWindow).__mark = 42));
}

export function markSurvived(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as TestWindow).__mark === 42);
}

/** Client-side navigation through the router, as a link would do it. */
export function navigateInApp(page: Page, to: string): Promise<void> {
  return page.evaluate((target) => {
    void (window as TestWindow).__reactRouterDataRouter?.navigate(target);
  }, to);
}

/** Collects console errors and uncaught exceptions of a page. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Counts full document loads (main-frame navigations that reach the server). */
export function countDocumentLoads(page: Page): { urls: string[] } {
  const loads = { urls: [] as string[] };
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.urls.push(request.url());
  });
  return loads;
}
