import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { COLLECTION_CATALOG, DOCUMENT_CATALOG, entryOfFile, entryPath, hasOwnPage, isCollectionName, SINGLE } from "#core/content/catalog.ts";
import { publishedDir } from "../../releases/published.ts";
import { REDIRECTS_FILE } from "../../releases/tables.ts";
import { liveContent } from "../../releases/unpublished.ts";
import type { Needed } from "./dependencies.ts";
import { readEntry, titleOf } from "./files.ts";
import { followRename } from "./rename.ts";

/**
 * What publishing a renamed entry carries with it (decision 031): the old
 * file's removal from the site with a 301 from the old address to the new,
 * and every page on the site that names the old one (a service's «Кейсы», a
 * link in an article), in its saved version, which names the new. Said
 * before the person confirms, like any other dependency; a referrer whose
 * saved version holds other unpublished changes says so, since all of it goes.
 *
 * A rename is known by what is saved: the entry is not on the site, an entry
 * of its collection is on the site but no longer saved, and the saved
 * redirects table leads from that one's address to this one's.
 */
export type RenamePublication = {
  /** Lines for the person: old addresses and referrers. */
  needed: Array<Needed & { withdrawn?: true }>;
  withdraw: string[];
  redirects: Array<{ from: string; to: string }>;
};


function savedRows(contentDir: string): Array<{ from: string; to: string }> {
  const file = join(contentDir, REDIRECTS_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== "" && !line.startsWith("#"))
    .map((line) => {
      const [from = "", to = ""] = line.split(",").map((cell) => cell.trim());
      return { from, to };
    });
}

/** The key ("type/slug") of the entry or document a content file is. */
function keyOf(path: string): string | null {
  const entry = entryOfFile(path);
  if (entry) return `${entry.type}/${entry.slug}`;
  const document = Object.entries(DOCUMENT_CATALOG).find(([, info]) => info.file === path);
  return document ? `${document[0]}/${SINGLE}` : null;
}

export function renamesWith(place: { contentDir: string; releasesDir: string; origin?: string | undefined }, keys: readonly string[]): RenamePublication {
  const result: RenamePublication = { needed: [], withdraw: [], redirects: [] };
  const live = liveContent(place.releasesDir);
  const published = publishedDir(place.releasesDir);
  if (!live || !existsSync(published)) return result;
  const chosen = new Set(keys);
  const listed = new Set<string>();
  let rows: Array<{ from: string; to: string }> | null = null;
  for (const key of keys) {
    const [type = "", slug = ""] = key.split("/");
    if (!isCollectionName(type) || !hasOwnPage(type)) continue;
    const { folder } = COLLECTION_CATALOG[type];
    const path = `${folder}/${slug}.md`;
    if (live.files[path] !== undefined || !existsSync(join(place.contentDir, path))) continue;
    const address = entryPath(type, slug);
    rows ??= savedRows(place.contentDir);
    for (const row of rows.filter((r) => r.to === address)) {
      const old = entryOfFile(Object.keys(live.files).find((p) => entryOfFile(p)?.type === type && entryPath(type, entryOfFile(p)?.slug ?? "") === row.from) ?? "");
      if (!old || existsSync(join(place.contentDir, `${folder}/${old.slug}.md`))) continue;
      const oldPath = `${folder}/${old.slug}.md`;
      const oldTitle = titleOf(readEntry(published, type, old.slug)?.values ?? {}, old.slug);
      result.withdraw.push(oldPath);
      result.redirects.push({ from: row.from, to: address });
      result.needed.push({ key: `${type}/${old.slug}`, title: `Старый адрес ${row.from}`, because: `уйдёт с\u00a0сайта и\u00a0будет перенаправлен на\u00a0новый (301)`, withdrawn: true });
      const what = `«${oldTitle}»`;
      for (const [referrer, rewritten] of followRename(published, type, old.slug, slug, place.origin ? [place.origin] : []).writes) {
        const referrerKey = keyOf(referrer);
        if (!referrerKey || chosen.has(referrerKey) || listed.has(referrerKey)) continue;
        listed.add(referrerKey);
        const savedFile = join(place.contentDir, referrer);
        const saved = existsSync(savedFile) ? readFileSync(savedFile, "utf8") : null;
        const [refType = "", refSlug = ""] = referrerKey.split("/");
        const title = isCollectionName(refType) ? titleOf((saved === null ? readEntry(published, refType, refSlug) : readEntry(place.contentDir, refType, refSlug))?.values ?? {}, refSlug) : (DOCUMENT_CATALOG[refType as keyof typeof DOCUMENT_CATALOG]?.title ?? refType);
        const because =
          saved === null
            ? `ссылается на\u00a0${what} и\u00a0удалена в\u00a0студии: уйдёт с\u00a0сайта`
            : saved === rewritten
              ? `ссылка на\u00a0${what} поменяется на\u00a0новый адрес`
              : `ссылка на\u00a0${what} поменяется на\u00a0новый адрес; уйдёт вся сохранённая версия записи, с\u00a0другими неопубликованными правками`;
        result.needed.push({ key: referrerKey, title, because });
      }
    }
  }
  return result;
}
