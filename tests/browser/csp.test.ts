import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { navigateInApp, waitForHydration } from "../support/app.ts";
import { launchBrowser, openSession } from "../support/browser.ts";
import { startFormsServer } from "../support/forms-server.ts";
import { baseUrl, plain } from "../support/http.ts";
import { sweptPages } from "../support/templates.ts";

let browser: Browser;
let page: Page;
const violations: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openSession(browser));
  // Reported by the browser itself, before any page script runs.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on("console", (message) => {
    const text = message.text();
    if (/CSP violation|Content Security Policy|Permissions-Policy/.test(text)) violations.push(`${page.url()}: ${text}`);
  });
});
afterAll(async () => {
  await browser.close();
});

/** Loads a page and waits until React has hydrated it: every inline script ran. */
async function visit(path: string) {
  const response = await page.goto(baseUrl + path);
  await waitForHydration(page);
  return response?.status();
}

describe("Content-Security-Policy in the browser", () => {
  it("prerendered pages hydrate with zero CSP violations (one of each template; every page in the full run)", async () => {
    const pages = sweptPages();
    for (const path of pages) expect(await visit(path), path).toBe(200);
    expect(violations).toEqual([]);
  }, 240_000);

  it("pages rendered on request hydrate with zero CSP violations", async () => {
    expect(await visit("/no-such-page/")).toBe(404);
    expect(await visit("/services/no-such-service/")).toBe(404);
    expect(await visit("/search/?q=seo")).toBe(200);
    expect(violations).toEqual([]);
  });

  it("search runs its engine and fetches its index within the policy", async () => {
    await visit("/search/?q=python");
    await page.locator("main a[href='/academy/data-python-report-automation/']").first().waitFor({ timeout: 20_000 });
    expect(violations).toEqual([]);
  });

  it("search reached by client navigation runs within the first page's policy", async () => {
    // The document keeps the home page's policy: search needs nothing a page's policy lacks.
    await visit("/");
    await navigateInApp(page, "/search/?q=python");
    await page.locator("main a[href='/academy/data-python-report-automation/']").first().waitFor({ timeout: 20_000 });
    expect(violations).toEqual([]);
  });

  it("client-side navigation stays within the policy", async () => {
    await visit("/");
    await page.locator("header nav").getByRole("link", { name: "Услуги" }).click();
    await page.waitForURL(`${baseUrl}/services/`);
    await navigateInApp(page, "/no-such-page/");
    // The 404 is rendered on request: on a busy 2-core machine that takes longer than the poll's default 1 s.
    await expect.poll(async () => plain(await page.locator("h1").textContent()), { timeout: 15_000 }).toBe("Страница не найдена");
    expect(violations).toEqual([]);
  });

  it("blocks an injected inline script and reports it to our endpoint", async () => {
    await visit("/");
    const reported = page.waitForResponse((response) => response.url() === `${baseUrl}/csp-report`);
    const ran = await page.evaluate(async () => {
      // An inline script runs as it is inserted, or is refused then: the violation event follows.
      const refused = new Promise((resolve) => document.addEventListener("securitypolicyviolation", resolve, { once: true }));
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
      await refused;
      return "__injected" in window;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.some((v) => v.includes("script-src"))).toBe(true);
    const report = await reported;
    expect(report.request().method()).toBe("POST");
    expect(report.request().postDataJSON()["csp-report"]["effective-directive"]).toMatch(/^script-src/);
    expect(report.status()).toBe(204);
    violations.length = 0;
  });
});

describe("with Yandex Metrica configured", () => {
  it("lets the counter load its tag, send hits and open its frame, and nothing else", async () => {
    // The forms' server configured as tests/browser/forms.test.ts configures it: the same release.
    const server = await startFormsServer("sqlite", { env: { PUBLIC_METRIKA_ID: "12345678" } });
    const { context, page: metrikaPage } = await openSession(browser);
    try {
      const seen: string[] = [];
      metrikaPage.on("console", (message) => {
        if (/Content Security Policy/.test(message.text())) seen.push(message.text());
      });
      // A stand-in for tag.js (never fetched from the internet): it reaches Metrica the ways the real one does.
      await metrikaPage.route("https://mc.yandex.ru/**", (route) => {
        const url = route.request().url();
        if (url.endsWith("/metrika/tag.js")) {
          return route.fulfill({
            contentType: "text/javascript",
            body: `
              new Image().src = "https://mc.yandex.ru/watch/12345678?page-url=x";
              fetch("https://mc.yandex.ru/watch/12345678", { method: "POST", body: "x", mode: "no-cors" });
              const frame = document.createElement("iframe");
              frame.src = "https://mc.yandex.ru/metrika/metrika_match.html";
              document.body.append(frame);
              const elsewhere = document.createElement("script");
              elsewhere.src = "https://counter.example/tag.js";
              document.head.append(elsewhere);
              window.__tagRan = true;`,
          });
        }
        return route.fulfill({ status: 200, contentType: url.includes(".html") ? "text/html" : "image/gif", body: "" });
      });
      await metrikaPage.route("https://counter.example/**", (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
      await metrikaPage.goto(`${server.baseUrl}/services/`);
      await waitForHydration(metrikaPage);
      await expect.poll(() => metrikaPage.evaluate(() => "__tagRan" in window)).toBe(true);
      await expect.poll(() => seen.length).toBe(1);
      expect(seen[0]).toContain("counter.example");
    } finally {
      await context.close();
      await server.dispose();
    }
  });
});
