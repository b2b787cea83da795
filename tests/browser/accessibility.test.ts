import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../support/axe.ts";
import { waitForHydration } from "../support/app.ts";
import { launchBrowser, openSession } from "../support/browser.ts";
import { baseUrl } from "../support/http.ts";
import { FULL_RUN, inTurn, pageTemplates, sweptPages } from "../support/templates.ts";

let browser: Browser;
const contexts = new Map<number, { context: BrowserContext; page: Page }>();

beforeAll(async () => {
  browser = await launchBrowser();
  for (const width of [360, 1440]) {
    const { context, page } = await openSession(browser, { width, height: 800 });
    contexts.set(width, { context, page });
  }
});
afterAll(async () => {
  await browser.close();
});

/** Every violation as "rule: element (summary)", so a failure names what to fix. */
async function violations(path: string, width: number): Promise<string[]> {
  const entry = contexts.get(width);
  if (!entry) throw new Error(`no page at ${width} px`);
  const { page } = entry;
  await page.goto(baseUrl + path);
  await waitForHydration(page);
  return axe(page);
}

/**
 * What axe checks does not depend on the width, only which markup a width shows: per commit each
 * template at one of the two widths, taking turns; `npm run test:full` every page on a desktop and
 * every template on a phone.
 */
const CASES: Array<[string, number]> = FULL_RUN
  ? [...sweptPages().map((path): [string, number] => [path, 1440]), ...pageTemplates().map((t): [string, number] => [t.path, 360])]
  : inTurn(
      pageTemplates().map((t) => t.path),
      [1440, 360],
    );

describe("accessibility (axe, WCAG 2.2 A and AA)", () => {
  it.each(CASES)("%s has no violations at %i px", async (path, width) => {
    expect(await violations(path, width)).toEqual([]);
  });
});
