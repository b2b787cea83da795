import { readFileSync } from "node:fs";
import { relative } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveFilesDir } from "../support/releases.ts";
import { prerenderedHtmlFiles, typographyViolations } from "../../scripts/typography-check.ts";
import { launchBrowser, openSession } from "../support/browser.ts";
import { collectErrors, openApp } from "../support/app.ts";
import { getHtml } from "../support/http.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

function report(where: string, html: string): string[] {
  return typographyViolations(html).map((v) => `${where}: <${v.tag}> "${v.word} " in …${v.context}…`);
}

describe("typography", () => {
  it("binds every short word on every prerendered page", () => {
    const files = [...prerenderedHtmlFiles(liveFilesDir())];
    expect(files.length).toBeGreaterThan(50);
    const problems = files.flatMap((file) => report(relative(liveFilesDir(), file), readFileSync(file, "utf8")));
    expect(problems).toEqual([]);
  });

  it("binds them on rendered pages too (404, error, search)", async () => {
    const problems: string[] = [];
    for (const path of ["/no-such-page/", "/error/?status=503", "/search/?q=seo"]) {
      problems.push(...report(path, (await getHtml(path)).html));
    }
    expect(problems).toEqual([]);
  });

  it("hydrates without warnings and keeps the server's text, on load and after navigation", async () => {
    for (const path of ["/", "/career/", "/academy/", "/no-such-page/"]) {
      const page = await (await openSession(browser)).page;
      const errors: string[] = collectErrors(page);
      page.on("console", (message) => {
        if (message.type() === "warning") errors.push(message.text());
      });
      const served = (await getHtml(path)).html;
      await openApp(page, path);
      const serverText = await page.evaluate((html) => {
        const doc = new DOMParser().parseFromString(html, "text/html");
        return doc.querySelector("main")?.textContent ?? "";
      }, served);
      expect(await page.locator("main").first().textContent(), path).toBe(serverText);
      // The 404 page's own status and its log line are expected; anything else (hydration) is not.
      const unexpected = errors.filter((e) => !e.startsWith("Page not found") && !e.includes("status of 404"));
      expect(unexpected, path).toEqual([]);
    }

    const page = await (await openSession(browser)).page;
    await openApp(page, "/");
    await page.locator("header nav").getByRole("link", { name: "Академия" }).click();
    await page.waitForURL(/\/academy\/$/);
    // An article, not one of the list's filters (/academy/?…).
    await page.locator("main a[href^='/academy/']:not([href^='/academy/?']):not([href='/academy/'])").first().click();
    await page.waitForURL(/\/academy\/[a-z0-9-]+\/$/);
    await expect.poll(() => page.locator("main h1").count()).toBe(1);
    expect(report(page.url(), await page.content())).toEqual([]);
  });
});
