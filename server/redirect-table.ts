import { canonicalPathname, isExternalHref, linkHref } from "#core/lib/url.ts";

/**
 * The large fixed table of old addresses (`content/redirects.csv`, header
 * `from,to`). Keys are stored in canonical form (collapsed slashes, trailing
 * slash), so `/old`, `/old/` and `//old` all hit the same row with one 301.
 * An old address may also be a page with one query parameter (a tag whose
 * address changed: `/academy/?tag=analytics`); such a row matches whatever
 * else the query holds, and its target's parameters take that one's place.
 */
export type RedirectTable = ReadonlyMap<string, string>;

const PATH = /^\/[^\s,?#"]*(?:\?[^\s,?#"&=]+=[^\s,?#"&=]+)?$/;
const TARGET = /^(\/[^\s,"]*|https:\/\/[^\s,"]+)$/;

export function parseRedirectTable(csv: string, file = "content/redirects.csv"): RedirectTable {
  const lines = csv.split(/\r?\n/);
  if (lines[0]?.trim() !== "from,to") throw new Error(`${file}:1: первая строка должна быть "from,to"`);
  const table = new Map<string, string>();
  lines.slice(1).forEach((line, index) => {
    const lineNo = index + 2;
    if (line.trim() === "" || line.startsWith("#")) return;
    const cells = line.split(",");
    const [from = "", to = ""] = cells.map((cell) => cell.trim());
    if (cells.length !== 2) throw new Error(`${file}:${lineNo}: нужны две ячейки "from,to"`);
    if (!PATH.test(from)) throw new Error(`${file}:${lineNo}: "from" должен быть адресом, начинающимся с /`);
    if (!TARGET.test(to)) throw new Error(`${file}:${lineNo}: "to" должен быть адресом сайта или ссылкой https://`);
    const [path = "", query = ""] = from.split("?");
    const key = query ? queryKey(canonicalPathname(path), new URLSearchParams(query)) : canonicalPathname(path);
    if (table.has(key)) throw new Error(`${file}:${lineNo}: "${from}" встречается дважды`);
    table.set(key, isExternalHref(to) ? to : linkHref(to));
  });
  return table;
}

/** A row's key for a page with one query parameter, in one spelling whatever the encoding. */
function queryKey(path: string, params: URLSearchParams): string {
  const [[name, value] = ["", ""]] = [...params];
  return `${path}?${new URLSearchParams([[name, value]]).toString()}`;
}

/** A request's parameters looked at for old query addresses: enough for any address the site makes. */
const PARAMS_LOOKED_AT = 8;

/**
 * Where a page asked with a query moved (a row keyed by the page and one of
 * the query's parameters): the row's target, with the request's other
 * parameters kept in their order. Null when no row names a parameter.
 */
export function movedQuery(table: RedirectTable, canonical: string, search: string): { path: string; search: string } | null {
  const params = new URLSearchParams(search);
  for (const [name, value] of [...params].slice(0, PARAMS_LOOKED_AT)) {
    const to = table.get(queryKey(canonical, new URLSearchParams([[name, value]])));
    if (to === undefined || isExternalHref(to)) continue;
    const [path = "", query = ""] = to.split("?");
    const moved = new URLSearchParams(query);
    // The moved parameter gives way to the target's (set keeps the first one's place).
    const [first] = [...moved];
    if (first && first[0] === name) params.set(name, first[1]);
    else params.delete(name);
    for (const [key, next] of moved) if (key !== name) params.set(key, next);
    const rest = params.toString();
    return { path, search: rest ? `?${rest}` : "" };
  }
  return null;
}
