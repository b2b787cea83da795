import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: axe's rule sets of those names, for the site and the studio alike. */
export const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** What axe finds on the page as it is now, one line per element: the rule, where, and what to fix. */
export async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(" ")} (${node.failureSummary?.split("\n")[1]?.trim() ?? v.help})`));
}

/**
 * What is on screen at a phone's, a tablet's and a desktop's width (390, 768, 1440 px): what axe
 * finds and how far the page scrolls sideways, per width (a test expects `[]`); the page is left at
 * `leaveAt` px wide.
 */
export async function atEveryWidth(page: Page, leaveAt = 390): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [390, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    problems.push(...(await axe(page)).map((found) => `${width} px: ${found}`));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) problems.push(`${width} px: scrolls sideways by ${overflow} px`);
  }
  await page.setViewportSize({ width: leaveAt, height: 900 });
  return problems;
}
