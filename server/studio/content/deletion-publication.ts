import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { entryPath, hasOwnPage, isCollectionName, SINGLE, TABLE_CATALOG } from "#core/content/catalog.ts";
import { publishedDir, publishedText } from "../../releases/published.ts";
import { REDIRECTS_FILE, ROUTE_RULES_FILE } from "../../releases/tables.ts";
import { changedTables, liveContent } from "../../releases/unpublished.ts";
import type { Needed } from "./dependencies.ts";
import { entryFiles, readEntry, redirectRows, titleOf } from "./files.ts";

/**
 * What publishing a deleted entry carries with it: the saved redirects table
 * («Перенаправления»), when it leads the entry's address elsewhere (the 301
 * chosen at the delete) or changes the rows the site has to that address
 * (alone, the deletion would leave them leading to a page that is gone, and
 * the release would be refused). Said before the person confirms, like any
 * other dependency (decision 030); the whole saved table goes, so other
 * unpublished rows are said to go too. A renamed entry's old address is not
 * one: its 301 goes with the rename (rename-publication.ts).
 */
export function deletionsWith(place: { contentDir: string; releasesDir: string }, keys: readonly string[]): Needed[] {
  const table = `redirects/${SINGLE}`;
  const live = liveContent(place.releasesDir);
  if (!live || keys.includes(table)) return [];
  const changed = changedTables(place.contentDir, live);
  if (!changed.includes(REDIRECTS_FILE)) return [];
  const saved = new Map(redirectRows(readFileSync(join(place.contentDir, REDIRECTS_FILE), "utf8")).map((row) => [row.from, row.to]));
  const onSite = redirectRows(publishedText(place.releasesDir, REDIRECTS_FILE) ?? "from,to\n");
  // The site's rows as these deletions alone would change them: anything else in the saved table goes too.
  const expected = new Map(onSite.map((row) => [row.from, row.to]));
  const said: string[] = [];
  for (const key of keys) {
    const [type = "", slug = ""] = key.split("/");
    if (!isCollectionName(type) || !hasOwnPage(type)) continue;
    const [path = ""] = entryFiles(type, slug);
    if (live.files[path] === undefined || existsSync(join(place.contentDir, path))) continue;
    const address = entryPath(type, slug);
    const froms = [address, ...onSite.filter((row) => row.to === address && row.from !== address).map((row) => row.from)];
    if (!saved.has(address) && froms.length === 1) continue;
    const rows = froms.map((from) => {
      const to = saved.get(from);
      if (to === undefined) expected.delete(from);
      else expected.set(from, to);
      return to === undefined ? `${from} никуда не\u00a0ведёт` : `${from} → ${to}`;
    });
    const title = titleOf(readEntry(publishedDir(place.releasesDir), type, slug)?.values ?? {}, slug);
    said.push(`«${title}» удалена, адреса поведут так: ${rows.join(", ")} (301)`);
  }
  if (said.length === 0) return [];
  const others = changed.includes(ROUTE_RULES_FILE) || expected.size !== saved.size || [...saved].some(([from, to]) => expected.get(from) !== to);
  const because = `${said.join("; ")}${others ? "; уйдёт вся сохранённая версия таблицы, с\u00a0другими неопубликованными правками" : ""}`;
  return [{ key: table, title: TABLE_CATALOG.redirects.title, because }];
}
