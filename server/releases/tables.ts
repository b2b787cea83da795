import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ContentError } from "../../app/content/load.server.ts";
import { parseRouteRules } from "../../app/lib/route-rules.server.ts";
import type { RouteRules } from "../../app/lib/route-rules.ts";
import { canonicalPathname, isExternalHref } from "../../app/lib/url.ts";
import { parseRedirectTable } from "../redirect-table.ts";

/** The server's own tables of the content: old addresses and route rules. */
export type ContentTables = { redirects: string; routeRules: RouteRules };

export const REDIRECTS_FILE = "redirects.csv";
export const ROUTE_RULES_FILE = "route-rules.json";

/**
 * Reads both tables and checks them against the pages the release will have:
 * an old address must not hide a live page, and must lead straight to one
 * (a redirect to a missing page would only trade one 404 for another).
 */
export function loadTables(root: string, livePages: readonly string[]): ContentTables {
  const live = new Set(livePages);
  const problems: string[] = [];
  const redirects = readFileSync(join(root, REDIRECTS_FILE), "utf8");
  let table: ReadonlyMap<string, string> = new Map();
  try {
    table = parseRedirectTable(redirects);
  } catch (error) {
    problems.push(`  ${(error as Error).message}`);
  }
  for (const [from, to] of table) {
    if (live.has(from)) problems.push(`  content/${REDIRECTS_FILE}: "${from}" — страница сайта; перенаправление скрыло бы её`);
    if (!isExternalHref(to) && !live.has(to)) problems.push(`  content/${REDIRECTS_FILE}: "${from}" ведёт на "${to}", а такой страницы на сайте нет`);
  }
  let routeRules: RouteRules = {};
  try {
    const json = readFileSync(join(root, ROUTE_RULES_FILE), "utf8");
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
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
