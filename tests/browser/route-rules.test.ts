import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openSession } from "../support/browser.ts";
import { ROUTE_RULES_DELAY_MS } from "../../app/runtime/route-rules.ts";
import { collectErrors, markSurvived, markWindow, navigateInApp, openApp, requestsSettled } from "../support/app.ts";
import { baseUrl, getDocument } from "../support/http.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const isMetaFile = (url: URL) => url.pathname.startsWith("/builds/meta/");

async function newPage(): Promise<Page> {
  return (await openSession(browser)).page;
}

type RulesWindow = Window & { __routeRulesRead?: boolean };

/**
 * Opens a page and waits until its route rules are in effect, not only requested: the page has
 * read the meta file's body. A flag set as that body is parsed comes before the app's own use of
 * it, which runs in the same turn, so a later look from the test finds the rules in place.
 */
async function openWithRules(page: Page, path: string) {
  await page.addInitScript(() => {
    const original = window.fetch;
    window.fetch = async (input, init) => {
      const response = await original(input, init);
      if (!String(input instanceof Request ? input.url : input).includes("/builds/meta/")) return response;
      const json = response.json.bind(response);
      response.json = () => json().finally(() => ((window as RulesWindow).__routeRulesRead = true));
      return response;
    };
  });
  // The page's clock runs past the rules' delay instead of the test waiting for it.
  await page.clock.install();
  await openApp(page, path);
  await expect
    .poll(async () => {
      await page.clock.runFor(ROUTE_RULES_DELAY_MS);
      return page.evaluate(() => (window as RulesWindow).__routeRulesRead === true);
    })
    .toBe(true);
}

describe("route rules in the browser", () => {
  it("fetches the build's meta file once, about a second after load", async () => {
    const page = await newPage();
    await page.addInitScript(() => {
      const w = window as Window & { __loadAt?: number; __metaAt?: number[] };
      addEventListener("load", () => (w.__loadAt = performance.now()));
      const original = window.fetch;
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).includes("/builds/meta/")) {
          (w.__metaAt ??= []).push(performance.now());
        }
        return original(input, init);
      };
    });
    const requests: string[] = [];
    page.on("request", (request) => {
      if (isMetaFile(new URL(request.url()))) requests.push(request.url());
    });
    // The page's clock runs four seconds ahead at once instead of the test waiting for them.
    await page.clock.install();
    await openApp(page, "/");
    await page.clock.runFor(4_000);
    await expect.poll(() => requests.length).toBeGreaterThan(0);
    await requestsSettled(page);
    const { loadAt, metaAt } = await page.evaluate(() => {
      const w = window as Window & { __loadAt?: number; __metaAt?: number[] };
      return { loadAt: w.__loadAt ?? Number.NaN, metaAt: w.__metaAt ?? [] };
    });
    expect(requests).toHaveLength(1);
    expect(metaAt).toHaveLength(1);
    const delay = (metaAt[0] ?? Number.NaN) - loadAt;
    expect(delay).toBeGreaterThanOrEqual(500);
    expect(delay).toBeLessThanOrEqual(3_000);
  });

  it("redirects inside the app for an internal target, keeping the hash", async () => {
    const { doc } = await getDocument("/academy/");
    // The first article of the list (its filters link to /academy/?… first).
    const links = [...doc.querySelectorAll("main a[href^='/academy/']")].map((a) => a.getAttribute("href") ?? "");
    const article = links.find((href) => /^\/academy\/[a-z0-9-]+\/$/.test(href)) ?? "";
    expect(article).not.toBe("");
    const slug = article.split("/")[2];

    const page = await newPage();
    await openWithRules(page, "/");
    await markWindow(page);
    await navigateInApp(page, `/blog/${slug}/#part-2`);
    await page.waitForURL(`${baseUrl}/academy/${slug}/#part-2`);
    await expect.poll(() => page.locator("main h1").count()).toBe(1);
    expect(await markSurvived(page)).toBe(true);
  });

  it("loads an external target as a full page", async () => {
    const page = await newPage();
    await page.route("https://t.me/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Telegram</title><p>off-site</p>" }),
    );
    await openWithRules(page, "/");
    await navigateInApp(page, "/telegram/");
    await page.waitForURL("https://t.me/orientir_agency");
    expect(await page.title()).toBe("Telegram");
  });

  it("logs a failed meta file and keeps navigating", async () => {
    const page = await newPage();
    const errors = collectErrors(page);
    await page.route((url) => isMetaFile(url), (route) => route.fulfill({ status: 500, body: "" }));
    const failed = page.waitForResponse((response) => isMetaFile(new URL(response.url())));
    // The page's clock runs past the rules' delay instead of the test waiting for it.
    await page.clock.install();
    await openApp(page, "/");
    await expect
      .poll(async () => {
        await page.clock.runFor(ROUTE_RULES_DELAY_MS);
        return errors.some((e) => e.includes("/builds/meta/"));
      })
      .toBe(true);
    await failed;
    await markWindow(page);
    await page.locator("header nav").getByRole("link", { name: "Компания" }).click();
    await page.waitForURL(`${baseUrl}/company/`);
    expect(await markSurvived(page)).toBe(true);
  });

  it("does not fetch the rules on a slow-2g connection", async () => {
    const page = await newPage();
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "connection", { value: { effectiveType: "slow-2g", saveData: false } });
    });
    const requests: string[] = [];
    page.on("request", (request) => {
      if (isMetaFile(new URL(request.url()))) requests.push(request.url());
    });
    await page.clock.install();
    await openApp(page, "/");
    await page.clock.runFor(3_000);
    await requestsSettled(page);
    expect(requests).toEqual([]);
  });
});
