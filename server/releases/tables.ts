import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ContentError } from "#core/content/load.server.ts";
import { parseRouteRules } from "#core/lib/route-rules.server.ts";
import { matchRouteRule, type RouteRules } from "#core/lib/route-rules.ts";
import { canonicalPathname, isExternalHref } from "#core/lib/url.ts";
import { parseRedirectTable } from "../redirect-table.ts";
import type { SiteNav } from "#core/content/schemas/navigation.ts";

/**
 * The server's own tables of the content: old addresses, route rules, and the addresses taken
 * off the site (absent in releases made before them).
 */
export type ContentTables = { redirects: string; routeRules: RouteRules; gone?: string[] };

/**
 * The addresses that answer 410: pages of the release before (and what it already had gone)
 * that this one no longer has, nor leads anywhere else by its tables. An entry withdrawn or
 * deleted without a redirect is gone for good, not merely missing; one published again, or
 * given a redirect later, leaves the list.
 */
export function goneAddresses(before: { pages: readonly string[]; gone: readonly string[] } | null, livePages: readonly string[], tables: ContentTables): string[] {
  if (!before) return [];
  const live = new Set(livePages);
  const redirected = parseRedirectTable(tables.redirects);
  const rules = tables.routeRules;
  const gone = new Set<string>();
  for (const path of [...before.gone, ...before.pages]) {
    if (live.has(path) || redirected.has(path) || matchesRule(rules, path)) continue;
    gone.add(path);
  }
  return [...gone].sort();
}

export const REDIRECTS_FILE = "redirects.csv";
export const ROUTE_RULES_FILE = "route-rules.json";

/**
 * Reads both tables and checks them against the pages the release will have
 * (checkTables).
 */
export function loadTables(root: string, livePages: readonly string[]): ContentTables {
  return checkTables(readFileSync(join(root, REDIRECTS_FILE), "utf8"), readFileSync(join(root, ROUTE_RULES_FILE), "utf8"), livePages);
}

/**
 * Checks the tables' text against the pages the release will have: an old
 * address must not hide a live page, and must lead straight to one (a
 * redirect to a missing page would only trade one 404 for another). The
 * studio checks an edited table (or a redirect it appends) with this too.
 */
export function checkTables(redirects: string, routeRulesJson: string, livePages: readonly string[]): ContentTables {
  const live = new Set(livePages);
  const problems: string[] = [];
  let table: ReadonlyMap<string, string> = new Map();
  try {
    table = parseRedirectTable(redirects);
  } catch (error) {
    problems.push(`  ${(error as Error).message}`);
  }
  for (const [from, to] of table) {
    if (live.has(from)) problems.push(`  content/${REDIRECTS_FILE}: "${from}" — страница сайта; перенаправление скрыло бы её`);
    // A target with a query (a tag's new address) is checked by its page: the query is the page's to answer.
    if (!isExternalHref(to) && !live.has(to.split("?")[0] ?? to)) problems.push(`  content/${REDIRECTS_FILE}: "${from}" ведёт на "${to}", а такой страницы на сайте нет`);
  }
  let routeRules: RouteRules = {};
  try {
    let parsed: unknown;
    try {
      parsed = JSON.parse(routeRulesJson);
    } catch (error) {
      throw new Error(`content/${ROUTE_RULES_FILE}: ${(error as Error).message}`);
    }
    routeRules = parseRouteRules(parsed);
  } catch (error) {
    problems.push(`  ${(error as Error).message}`);
  }
  for (const [pattern, rule] of Object.entries(routeRules)) {
    const target = rule.redirect;
    if (isExternalHref(target) || target.endsWith("/**")) continue;
    if (!live.has(canonicalPathname(target))) problems.push(`  content/${ROUTE_RULES_FILE}: поле "${pattern}.redirect": "${target}" — не страница сайта`);
  }
  if (problems.length > 0) throw new ContentError(`Ошибки в таблицах перенаправлений:\n${problems.join("\n")}`);
  return { redirects, routeRules };
}

/** Every link of the header and footer must lead to a page of the site (anchors aside). */
export function checkNavigation(nav: SiteNav, livePages: readonly string[]): void {
  const live = new Set(livePages);
  const links = [
    ...nav.main.map((link, i) => ({ link, field: `main.${i}.to` })),
    ...nav.footer.flatMap((column, c) => column.links.map((link, i) => ({ link, field: `footer.${c}.links.${i}.to` }))),
    ...nav.legal.map((link, i) => ({ link, field: `legal.${i}.to` })),
  ];
  const problems = links
    .filter(({ link }) => !live.has(link.to.split("#")[0] as string))
    .map(({ link, field }) => `  content/navigation.yaml: поле "${field}": "${link.to}" — не страница сайта`);
  if (problems.length > 0) throw new ContentError(`Ссылки навигации ведут не на страницы сайта:\n${problems.join("\n")}`);
}

const matchesRule = (rules: RouteRules, path: string) => matchRouteRule(rules, path) !== null;
