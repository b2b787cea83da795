import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { pageWeight } from "../support/page-weight.ts";
import { baseUrl } from "../support/http.ts";

/**
 * Size budgets, held in CI. The home page's JavaScript is the React + router
 * runtime (~100 KB brotli for a hello-world page, docs/performance.md) plus
 * what the site adds; past the budget the build is red, not a report.
 */
const HOME_JS_BUDGET = 110_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("budgets", () => {
  it(`the home page loads at most ${HOME_JS_BUDGET} bytes of JavaScript (brotli)`, async () => {
    const weight = await pageWeight(browser, baseUrl, "/");
    console.log(`[budget] home page JavaScript: ${weight.script.br} B brotli (${weight.script.raw} B raw) in ${weight.script.files} files`);
    expect(weight.script.files, "scripts loaded").toBeGreaterThan(0);
    expect(weight.script.br, weight.scripts.join("\n")).toBeLessThanOrEqual(HOME_JS_BUDGET);
  });
});
