import { existsSync } from "node:fs";
import { COLLECTION_CATALOG, DOCUMENT_CATALOG, entryOfFile, isCollectionName, SINGLE } from "#core/content/catalog.ts";
import type { MediaPlaces, MediaUse } from "#core/studio/media-api.ts";
import { versionsNaming } from "../../releases/history-reads.ts";
import { publishedDir } from "../../releases/published.ts";
import type { DraftStore } from "./drafts.ts";
import { readEntry, titleOf } from "./files.ts";
import { mediaUses } from "./media.ts";
import type { TrashStore } from "./trash.ts";

/** What finding an image's places reads: the content and releases folders, the drafts and the trash. */
export type PlacesFrom = { contentDir: string; releasesDir: string; drafts: DraftStore; trash: TrashStore };

/** A collection's entry as a use: its title as saved, or its address when it is no longer there. */
function entryUse(contentDir: string, type: string, slug: string, title?: string): MediaUse {
  if (title !== undefined) return { type, slug, title };
  const values = isCollectionName(type) ? readEntry(contentDir, type, slug)?.values : undefined;
  return { type, slug, title: values ? titleOf(values, slug) : slug };
}

/** What an entry is, in words: «статья», «кейс»; «запись» for documents and tables. */
const kind = (type: string) => (isCollectionName(type) ? COLLECTION_CATALOG[type].one : "запись");

/**
 * Everywhere `file` (one of «Медиа»'s) is still needed (MediaPlaces): the
 * saved content and the live site's, read from their folders; drafts and
 * «Корзина», from the studio's store; kept versions, from git's history of
 * the saved and published lines — for each entry whose saved text no
 * longer shows it, the newest version that did. Runs git in a child
 * process; the rest reads what the studio keeps read (file-facts.ts).
 */
export async function mediaPlaces(from: PlacesFrom, file: string): Promise<MediaPlaces> {
  const needle = `/uploads/${file}`;
  const entries = mediaUses(from.contentDir, [file]).get(file) ?? [];
  const published = publishedDir(from.releasesDir);
  const live = existsSync(published) ? (mediaUses(published, [file]).get(file) ?? []) : [];
  const [drafts, trashed, versions] = await Promise.all([from.drafts.naming(needle), from.trash.naming(needle), versionsNaming(from.contentDir, needle)]);
  const shown = new Set(entries.map((use) => `${use.type}/${use.slug}`));
  const newest = new Map<string, MediaPlaces["versions"][number]>();
  for (const version of versions) {
    const entry = entryOfFile(version.path);
    const document = entry ? null : Object.entries(DOCUMENT_CATALOG).find(([, info]) => info.file === version.path);
    const key = entry ? `${entry.type}/${entry.slug}` : document ? `${document[0]}/${SINGLE}` : version.path;
    if (shown.has(key) || newest.has(key)) continue;
    const use = entry
      ? entryUse(from.contentDir, entry.type, entry.slug)
      : document
        ? { type: document[0], slug: SINGLE, title: document[1].title }
        : { type: "", slug: version.path, title: version.path };
    newest.set(key, { ...use, at: version.at, kind: entry ? kind(entry.type) : "запись" });
  }
  return {
    entries,
    live,
    drafts: drafts.map((draft) => ({ ...entryUse(from.contentDir, draft.type, draft.slug), by: draft.name })),
    versions: [...newest.values()],
    trash: trashed.map((item) => ({ ...entryUse(from.contentDir, item.type, item.slug, item.title), deletedAt: item.deletedAt })),
  };
}
