import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { COLLECTION_CATALOG, type CollectionName, type EditableType, isCollectionName, isEditableType, SINGLE, typeInfo } from "#core/content/catalog.ts";
import type { Content } from "#core/content/index.server.ts";
import { ContentError, hashBytes } from "#core/content/load.server.ts";
import { prerenderPaths } from "#core/content/sitemap.server.ts";
import { withContentSource } from "#core/content/source.server.ts";
import type { ChangeState, EntryLife, ListedEntry, Reference } from "#core/studio/content-api.ts";
import { type ContentChange, unpublishedChanges } from "../../releases/unpublished.ts";
import { REDIRECTS_FILE, ROUTE_RULES_FILE } from "../../releases/tables.ts";
import { upkeepHistory } from "../../releases/history.ts";
import { lastChanges } from "../../releases/history-reads.ts";
import { loadSaved } from "./check.ts";
import { contentFileHashes, entryFiles, knownEntryValues, listSlugs, readEntry, titleOf, validSlug, warmEntries } from "./files.ts";
import { entryLives } from "./life.ts";
import { type ContentPlace, readRedirects } from "./place.ts";
import { referencesTo } from "./references.ts";
import { linksTo, withLinks } from "./rename.ts";

/**
 * What the studio's screens read of the saved content: lists, titles, what is not yet published,
 * reference choices, the site's pages and what refers to an entry. The writes are service.ts.
 */

function changeOf(changes: readonly ContentChange[], path: string): ChangeState {
  return changes.find((c) => c.path === path)?.change ?? null;
}

export function unpublished(place: ContentPlace): ContentChange[] {
  return unpublishedChanges(place.contentDir, place.releasesDir, contentFileHashes(place.contentDir));
}

/** The change state of an entry (any of its files). */
export function entryChange(place: ContentPlace, type: EditableType, slug: string, changes = unpublished(place)): ChangeState {
  for (const path of entryFiles(type, slug)) {
    const state = changeOf(changes, path);
    if (state) return state;
  }
  return null;
}

/** An entry's state alone (the editor). */
export function entryLife(place: ContentPlace, type: EditableType, slug: string): EntryLife {
  return entryLives(place, contentFileHashes(place.contentDir))(type, slug);
}

/** Titles of entries named by key ("articles/slug", "company"), as saved now; one that is gone keeps no title. */
export function entryTitles(place: ContentPlace, keys: readonly string[]): Record<string, string> {
  const titles: Record<string, string> = {};
  for (const key of new Set(keys)) {
    const [type = "", slug = SINGLE] = key.split("/");
    if (!isEditableType(type)) continue;
    if (!isCollectionName(type)) titles[key] = typeInfo(type).title;
    else if (validSlug(type, slug)) {
      const values = readEntry(place.contentDir, type, slug)?.values;
      if (values) titles[key] = titleOf(values, slug);
    }
  }
  return titles;
}

/**
 * The values a list field (tags) has across a collection's entries, most used first. From the
 * entries as kept by their files' hashes, like a list: at 5,000 articles, reading, parsing and
 * copying every entry on each request held the studio's loop 1–2.5 s.
 */
export function usedValues(contentDir: string, type: CollectionName, field: string): Array<{ value: string; count: number }> {
  const saved = contentFileHashes(contentDir);
  const { folder } = COLLECTION_CATALOG[type];
  const counts = new Map<string, number>();
  for (const slug of listSlugs(contentDir, type)) {
    const value = knownEntryValues(contentDir, type, slug, saved[`${folder}/${slug}.md`] ?? "")[field];
    if (!Array.isArray(value)) continue;
    for (const item of value) if (typeof item === "string" && item) counts.set(item, (counts.get(item) ?? 0) + 1);
  }
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/** A collection's entries for its list: title, filter values, whether changed since the live release. */
export async function listEntries(place: ContentPlace, type: CollectionName): Promise<{ entries: Array<Omit<ListedEntry, "openBy" | "draftAt">>; deleted: string[] }> {
  const saved = contentFileHashes(place.contentDir);
  const changes = unpublishedChanges(place.contentDir, place.releasesDir, saved);
  const life = entryLives(place, saved);
  const { folder, filters } = COLLECTION_CATALOG[type];
  const last = await lastChanges(place.contentDir, `${folder}/`);
  // By path: before a first release every entry is a change, and a list of 5,000 would search 5,000 each time.
  const changed = new Map(changes.map((c) => [c.path, c.change]));
  const entries = listSlugs(place.contentDir, type).map((slug) => {
    const path = `${folder}/${slug}.md`;
    const values = knownEntryValues(place.contentDir, type, slug, saved[path] ?? "");
    const facets = Object.fromEntries(filters.map((f) => [f, values[f]]));
    const change = last.get(path);
    return {
      slug,
      title: titleOf(values, slug),
      facets,
      unpublished: changed.get(path) ?? null,
      life: life(type, slug),
      hash: saved[path] ?? "",
      changedBy: change?.name ?? null,
      changedAt: change?.at ?? null,
    };
  });
  const deleted = changes.filter((c) => c.type === type && c.change === "deleted" && c.slug).map((c) => c.slug as string);
  return { entries, deleted };
}

/**
 * What a studio reads ahead once it starts, in the background, so that the first person's
 * content list, reference choices and entry history do not pay for it (docs/studio.md, «At
 * scale»): every entry parsed and its file hashed, the repository packed and indexed for
 * histories, the site's pages, and each collection's list (the live release's hashes, who
 * changed what). Stops between steps once `stopped` says so.
 */
export async function readAhead(place: ContentPlace, stopped: () => boolean = () => false): Promise<void> {
  await warmEntries(place.contentDir, stopped);
  if (stopped()) return;
  await upkeepHistory(place.contentDir);
  if (stopped()) return;
  referenceOptions(place);
  for (const type of Object.keys(COLLECTION_CATALOG) as CollectionName[]) {
    // Requests that arrived meanwhile go first.
    await new Promise((resolve) => setImmediate(resolve));
    if (stopped()) return;
    await listEntries(place, type);
  }
}

/** Entries of the collections references point to, and the site's pages, for selects. */
export function referenceOptions(place: ContentPlace): Record<string, Array<{ value: string; label: string }>> {
  const options: Record<string, Array<{ value: string; label: string }>> = {};
  for (const type of ["services", "industries", "cases", "reviews", "events"] as const) {
    options[type] = listSlugs(place.contentDir, type).map((slug) => {
      const values = readEntry(place.contentDir, type, slug)?.values ?? {};
      return { value: slug, label: titleOf(values, slug) };
    });
  }
  const company = readEntry(place.contentDir, "company", SINGLE)?.values;
  const team = Array.isArray(company?.team) ? (company.team as Array<{ id?: unknown; name?: unknown }>) : [];
  options.team = team.map((m) => ({ value: String(m.id ?? ""), label: String(m.name ?? m.id ?? "") }));
  const questions = readEntry(place.contentDir, "questions", SINGLE)?.values;
  const topics = Array.isArray(questions?.topics) ? (questions.topics as Array<{ id?: unknown; title?: unknown }>) : [];
  options.topics = topics.map((t) => ({ value: String(t.id ?? ""), label: String(t.title ?? t.id ?? "") }));
  options.page = savedPages(place).map((path) => ({ value: path, label: path }));
  return options;
}

/**
 * The site's pages as saved, kept while the saved files are the same: listing them loads the
 * whole content (145 ms of every content list at 5,000 articles, docs/studio.md «At scale»);
 * the files' hashes are known without reading them (file-facts.ts).
 */
let pagesKept: { key: string; pages: string[] } | null = null;
function savedPages(place: ContentPlace): string[] {
  const tables = [REDIRECTS_FILE, ROUTE_RULES_FILE].map((file) => (existsSync(join(place.contentDir, file)) ? readFileSync(join(place.contentDir, file), "utf8") : ""));
  const key = hashBytes(JSON.stringify([place.contentDir, contentFileHashes(place.contentDir), tables]));
  if (pagesKept?.key === key) return pagesKept.pages;
  const pages = sitePages(place);
  // None: the content does not load now; asked again next time.
  pagesKept = pages.length > 0 ? { key, pages } : null;
  return pages;
}

/** The site's pages as the saved content would have them ([] while the content cannot be loaded). */
export function sitePages(place: ContentPlace, content?: Content): string[] {
  try {
    const loaded = content ?? loadSaved(place.contentDir, place.releasesDir);
    return withContentSource({ content: loaded, images: {}, modified: {} }, () => prerenderPaths()).filter((path) => path.endsWith("/"));
  } catch (error) {
    if (error instanceof ContentError) return [];
    throw error;
  }
}

/** Where other content refers to a collection's entry. */
export function references(place: ContentPlace, type: CollectionName, slug: string): Reference[] {
  try {
    return withLinks(referencesTo(loadSaved(place.contentDir, place.releasesDir), type, slug, readRedirects(place)), linksTo(place, type, slug));
  } catch (error) {
    if (error instanceof ContentError) return [];
    throw error;
  }
}
