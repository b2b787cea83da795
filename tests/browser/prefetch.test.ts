import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openSession } from "../support/browser.ts";
import { openApp, prefetchDecided, requestsSettled, waitForReady } from "../support/app.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const isPageData = (url: URL) => url.pathname.endsWith(".data");

/**
 * Records every page-data request and how many were open at once. With `hold`, each waits
 * until the test lets it go (`held`, oldest first), so the page has every chance to start
 * more than it may.
 */
async function watchDataRequests(page: Page, hold: boolean) {
  const stats = { inFlight: 0, maxInFlight: 0, paths: [] as string[], held: [] as Array<() => void> };
  await page.route(isPageData, async (route) => {
    stats.inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    stats.paths.push(new URL(route.request().url()).pathname);
    if (hold) await new Promise<void>((resolve) => stats.held.push(resolve));
    try {
      const response = await route.fetch();
      await route.fulfill({ response });
    } finally {
      stats.inFlight -= 1;
    }
  });
  return stats;
}

/** Distinct internal link targets fully inside the window. */
function internalTargetsInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const targets = new Set<string>();
    for (const a of document.querySelectorAll<HTMLAnchorElement>("a[href^='/']")) {
      const box = a.getBoundingClientRect();
      if (box.width > 0 && box.top >= 0 && box.bottom <= window.innerHeight && a.target !== "_blank") {
        if (a.pathname + a.search !== location.pathname + location.search) targets.add(a.pathname + a.search);
      }
    }
    return targets.size;
  });
}

async function pageWithConnection(connection: Record<string, unknown> | null): Promise<Page> {
  // Tall enough that the home page shows more than 20 internal targets at once (24 in this design).
  const page = await (await openSession(browser, { width: 1440, height: 5_000 })).page;
  if (connection) {
    await page.addInitScript((value) => {
      Object.defineProperty(navigator, "connection", { value });
    }, connection);
  }
  return page;
}

describe("viewport prefetch", () => {
  it("prefetches each visible target once, never more than 4 at a time", async () => {
    const page = await pageWithConnection(null);
    const stats = await watchDataRequests(page, true);
    await openApp(page, "/");
    expect(await internalTargetsInView(page)).toBeGreaterThanOrEqual(20);
    await waitForReady(page);
    // One held request at a time is let go, and only once the page has started no new one
    // between two requests of its own: what is open then is all the page would open at once.
    let seen = -1;
    for (;;) {
      await requestsSettled(page);
      if (stats.paths.length !== seen) {
        seen = stats.paths.length;
        continue;
      }
      const next = stats.held.shift();
      if (next) next();
      else if (stats.inFlight === 0 && stats.paths.length >= 20) break;
      else await expect.poll(() => stats.held.length > 0 || (stats.inFlight === 0 && stats.paths.length >= 20), { timeout: 20_000 }).toBe(true);
    }
    expect(stats.maxInFlight).toBeLessThanOrEqual(4);
    expect(stats.maxInFlight).toBeGreaterThan(1);
    expect(new Set(stats.paths).size).toBe(stats.paths.length);
  });

  for (const [name, connection] of [
    ["data saver", { saveData: true, effectiveType: "4g" }],
    ["a 2g connection", { saveData: false, effectiveType: "2g" }],
  ] as const) {
    it(`prefetches nothing with ${name}`, async () => {
      const page = await pageWithConnection(connection);
      const stats = await watchDataRequests(page, false);
      const scripts: string[] = [];
      await openApp(page, "/");
      page.on("request", (request) => {
        if (request.resourceType() === "script" || request.url().endsWith(".js")) scripts.push(request.url());
      });
      await prefetchDecided(page);
      expect(stats.paths).toEqual([]);
      expect(scripts).toEqual([]);
    });
  }
});
