import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: axe's rule sets of those names, for the site and the studio alike. */
export const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** What axe finds on the page as it is now, one line per element: the rule, where, and what to fix. */
export async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(" ")} (${node.failureSummary?.split("\n")[1]?.trim() ?? v.help})`));
}
