import { canonicalPathname, isExternalHref } from "#core/lib/url.ts";

/**
 * The large fixed table of old addresses (`content/redirects.csv`, header
 * `from,to`). Keys are stored in canonical form (collapsed slashes, trailing
 * slash), so `/old`, `/old/` and `//old` all hit the same row with one 301.
 */
export type RedirectTable = ReadonlyMap<string, string>;

const PATH = /^\/[^\s,?#"]*$/;
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
    const key = canonicalPathname(from);
    if (table.has(key)) throw new Error(`${file}:${lineNo}: "${from}" встречается дважды`);
    table.set(key, isExternalHref(to) ? to : canonicalPathname(to));
  });
  return table;
}
