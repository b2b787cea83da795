import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { livePagePaths } from "../../app/content/sitemap.server.ts";
import { launchBrowser } from "../support/browser.ts";
import { baseUrl } from "../support/site.ts";

let browser: Browser;
let page: Page;
const violations: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext();
  page = await context.newPage();
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
  await page.waitForFunction(() => "__reactRouterDataRouter" in window, null, { timeout: 10_000 });
  return response?.status();
}

describe("Content-Security-Policy in the browser", () => {
  it("every prerendered page hydrates with zero CSP violations", async () => {
    const pages = [...livePagePaths(), "/error/"];
    for (const path of pages) expect(await visit(path), path).toBe(200);
    expect(violations).toEqual([]);
  }, 240_000);

  it("pages rendered on request hydrate with zero CSP violations", async () => {
    expect(await visit("/no-such-page/")).toBe(404);
    expect(await visit("/services/no-such-service/")).toBe(404);
    expect(await visit("/search/?q=seo")).toBe(200);
    expect(violations).toEqual([]);
  });

  it("client-side navigation stays within the policy", async () => {
    await visit("/");
    await page.locator("header nav").getByRole("link", { name: "Услуги" }).click();
    await page.waitForURL(`${baseUrl}/services/`);
    await page.evaluate(() =>
      (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate(
        "/no-such-page/",
      ),
    );
    await expect.poll(() => page.locator("h1").textContent()).toBe("Страница не найдена");
    expect(violations).toEqual([]);
  });

  it("blocks an injected inline script and reports it to our endpoint", async () => {
    await visit("/");
    const reported = page.waitForResponse((response) => response.url() === `${baseUrl}/csp-report`);
    const ran = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return "__injected" in window;
    });
    expect(ran).toBe(false);
    expect(violations.some((v) => v.includes("script-src"))).toBe(true);
    const report = await reported;
    expect(report.request().method()).toBe("POST");
    expect(report.request().postDataJSON()["csp-report"]["effective-directive"]).toMatch(/^script-src/);
    expect(report.status()).toBe(204);
    violations.length = 0;
  });
});
