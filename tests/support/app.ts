import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { CLIENT_DIR } from "#core/config/folders.server.ts";
import { baseUrl } from "./http.ts";

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

/**
 * Every request the page has made so far has been reported: a request of its own made last
 * (the browser reports requests in the order they are made). What a test saw missing then
 * was not merely late.
 */
export async function requestsSettled(page: Page): Promise<void> {
  await page.evaluate(() => fetch("/robots.txt").then((response) => response.status));
}

/**
 * Waits until the page has scrolled and come to rest, smooth scrolling included: the scroll
 * position is off the top and the same over three frames in a row (a smooth scroll moves it
 * at every frame until it ends).
 */
export async function scrolledToRest(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = Number.NaN;
        let still = 0;
        const frame = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (last > 0 && still >= 3) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/**
 * Links in view would have started their prefetches by now: the app observes them from its
 * ready moment (app/runtime/prefetch.tsx), and an observer made after the app's is told of
 * what it sees after the app's is. Once this page's own observer has been told, whatever the
 * app queued has been asked for, and the requests the page made are all seen.
 */
export async function prefetchDecided(page: Page): Promise<void> {
  await waitForReady(page);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const observer = new IntersectionObserver(() => {
          observer.disconnect();
          resolve();
        });
        observer.observe(document.querySelector("main a[href^='/']") ?? document.body);
      }),
  );
  await requestsSettled(page);
}

/** The counter's code in this build (app/runtime/analytics.ts), as the page requests it. */
function counterModule(): string {
  const file = readdirSync(join(CLIENT_DIR, "assets")).find((name) => /^analytics-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("no analytics-*.js in the build's assets");
  return `/assets/${file}`;
}

/**
 * The app has decided whether the Yandex Metrica counter starts, and has started it if it
 * does: after it is ready (the decision is taken earlier, as it starts), the page imports the
 * counter's code itself. The app's own import of that code, had it begun one, settles first,
 * and its start of the counter with it, so calls still missing then will not come later.
 */
export async function counterDecided(page: Page): Promise<void> {
  await waitForReady(page);
  // A string, not a function: the test runner would rewrite a function's import().
  await page.evaluate(`import(${JSON.stringify(counterModule())}).then(() => null)`);
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
