import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForHydration } from "../support/app.ts";
import { launchBrowser } from "../support/browser.ts";
import { baseUrl } from "../support/site.ts";
import { pageTemplates, sweptPages } from "../support/templates.ts";

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: axe's rule sets of those names. */
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

let browser: Browser;
const contexts = new Map<number, { context: BrowserContext; page: Page }>();

beforeAll(async () => {
  browser = await launchBrowser();
  for (const width of [360, 1440]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    contexts.set(width, { context, page: await context.newPage() });
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
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(" ")} (${node.failureSummary?.split("\n")[1]?.trim() ?? v.help})`));
}

describe("accessibility (axe, WCAG 2.2 A and AA)", () => {
  it.each(sweptPages())("%s has no violations on a desktop", async (path) => {
    expect(await violations(path, 1440)).toEqual([]);
  });

  it.each(pageTemplates().map((t) => t.path))("%s has no violations on a phone", async (path) => {
    expect(await violations(path, 360)).toEqual([]);
  });
});
