import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { COLLECTION_CATALOG, type CollectionName, DOCUMENT_CATALOG, entryOfFile, entryPath, hasOwnPage, isCollectionName, SINGLE } from "#core/content/catalog.ts";
import { publishedDir } from "../../releases/published.ts";
import { REDIRECTS_FILE } from "../../releases/tables.ts";
import { liveContent } from "../../releases/unpublished.ts";
import type { Needed } from "./dependencies.ts";
import { readEntry, redirectRows, titleOf } from "./files.ts";
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
 * redirects table leads from that one's address to this one's. Choosing
 * either side (the new entry in its editor, the old one's removal in
 * «Ждут публикации») publishes the whole rename.
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
  return redirectRows(readFileSync(file, "utf8"));
}

/** The key ("type/slug") of the entry or document a content file is. */
function keyOf(path: string): string | null {
  const entry = entryOfFile(path);
  if (entry) return `${entry.type}/${entry.slug}`;
  const document = Object.entries(DOCUMENT_CATALOG).find(([, info]) => info.file === path);
  return document ? `${document[0]}/${SINGLE}` : null;
}

/** The slug of `type` whose page is `address`, or null. */
function slugAt(type: CollectionName, address: string): string | null {
  const [prefix = "", suffix = ""] = entryPath(type, "\u0000").split("\u0000");
  if (!address.startsWith(prefix) || !address.endsWith(suffix)) return null;
  const slug = address.slice(prefix.length, address.length - suffix.length);
  return slug !== "" && entryPath(type, slug) === address ? slug : null;
}

type Pair = { type: CollectionName; old: string; renamed: string };

/**
 * The renames a choice touches, from either side: a chosen entry not yet on
 * the site that the saved table leads an on-site, no-longer-saved entry's
 * address to, or a chosen on-site entry deleted with a saved 301 to such an entry.
 */
function pairsOf(place: { contentDir: string }, keys: readonly string[], live: Record<string, string>): Pair[] {
  const pairs = new Map<string, Pair>();
  let rows: Array<{ from: string; to: string }> | null = null;
  const onSite = (type: CollectionName, slug: string) => live[`${COLLECTION_CATALOG[type].folder}/${slug}.md`] !== undefined;
  const saved = (type: CollectionName, slug: string) => existsSync(join(place.contentDir, `${COLLECTION_CATALOG[type].folder}/${slug}.md`));
  for (const key of keys) {
    const [type = "", slug = ""] = key.split("/");
    if (!isCollectionName(type) || !hasOwnPage(type)) continue;
    const address = entryPath(type, slug);
    rows ??= savedRows(place.contentDir);
    if (!onSite(type, slug) && saved(type, slug)) {
      for (const row of rows.filter((r) => r.to === address)) {
        const old = slugAt(type, row.from);
        if (old && onSite(type, old) && !saved(type, old)) pairs.set(`${type}/${old}`, { type, old, renamed: slug });
      }
    } else if (onSite(type, slug) && !saved(type, slug)) {
      const row = rows.find((r) => r.from === address);
      const renamed = row ? slugAt(type, row.to) : null;
      if (renamed && !onSite(type, renamed) && saved(type, renamed)) pairs.set(`${type}/${slug}`, { type, old: slug, renamed });
    }
  }
  return [...pairs.values()];
}

export function renamesWith(place: { contentDir: string; releasesDir: string; origin?: string | undefined }, keys: readonly string[]): RenamePublication {
  const result: RenamePublication = { needed: [], withdraw: [], redirects: [] };
  const live = liveContent(place.releasesDir);
  const published = publishedDir(place.releasesDir);
  if (!live || !existsSync(published)) return result;
  const chosen = new Set(keys);
  const listed = new Set<string>();
  for (const { type, old, renamed } of pairsOf(place, keys, live.files)) {
    const { folder } = COLLECTION_CATALOG[type];
    const from = entryPath(type, old);
    const to = entryPath(type, renamed);
    const what = `«${titleOf(readEntry(published, type, old)?.values ?? {}, old)}»`;
    result.withdraw.push(`${folder}/${old}.md`);
    result.redirects.push({ from, to });
    result.needed.push({ key: `${type}/${old}`, title: `Старый адрес ${from}`, because: `уйдёт с\u00a0сайта и\u00a0будет перенаправлен на\u00a0новый (301)`, withdrawn: true });
    if (!chosen.has(`${type}/${renamed}`) && !listed.has(`${type}/${renamed}`)) {
      listed.add(`${type}/${renamed}`);
      result.needed.push({ key: `${type}/${renamed}`, title: titleOf(readEntry(place.contentDir, type, renamed)?.values ?? {}, renamed), because: `${what} по\u00a0новому адресу ${to}` });
    }
    for (const [referrer, rewritten] of followRename(published, type, old, renamed, place.origin ? [place.origin] : []).writes) {
      const referrerKey = keyOf(referrer);
      if (!referrerKey || chosen.has(referrerKey) || listed.has(referrerKey)) continue;
      listed.add(referrerKey);
      const savedFile = join(place.contentDir, referrer);
      const saved = existsSync(savedFile) ? readFileSync(savedFile, "utf8") : null;
      const [refType = "", refSlug = ""] = referrerKey.split("/");
      const title = isCollectionName(refType)
        ? titleOf((saved === null ? readEntry(published, refType, refSlug) : readEntry(place.contentDir, refType, refSlug))?.values ?? {}, refSlug)
        : (DOCUMENT_CATALOG[refType as keyof typeof DOCUMENT_CATALOG]?.title ?? refType);
      const because =
        saved === null
          ? `ссылается на\u00a0${what} и\u00a0удалена в\u00a0студии: уйдёт с\u00a0сайта`
          : saved === rewritten
            ? `ссылка на\u00a0${what} поменяется на\u00a0новый адрес`
            : `ссылка на\u00a0${what} поменяется на\u00a0новый адрес; уйдёт вся сохранённая версия записи, с\u00a0другими неопубликованными правками`;
      result.needed.push({ key: referrerKey, title, because });
    }
  }
  return result;
}
