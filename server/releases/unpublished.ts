import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { COLLECTION_CATALOG, type CollectionName, DOCUMENT_CATALOG, type DocumentName, entryOfFile } from "#core/content/catalog.ts";
import { hashBytes } from "#core/content/load.server.ts";
import type { ReleaseSource } from "./record.ts";
import { currentRelease, releaseDir } from "./store.ts";
import { REDIRECTS_FILE, ROUTE_RULES_FILE } from "./tables.ts";
import { CONTENT_FILES_FILE, type ReleasedContent } from "./texts.ts";

/**
 * What the live release was made from, file by file, and what in the content
 * folder differs from it: the studio's «изменено, не опубликовано» and the
 * list a publication would carry. Content files are compared by the hash a
 * release records (`contentFiles`); the redirect tables by their text.
 */
export type LiveContent = {
  release: string;
  /** Content file (path under the content folder) → hash of its bytes. */
  files: Readonly<Record<string, string>>;
  /** Hash of each table file's text as the release holds it. */
  tables: Readonly<Record<string, string>>;
  /** Ids of the team members on the site (articles' authors). */
  team: readonly string[];
};

let cached: LiveContent | null = null;

/** What the studio compares with, as a release records it in content-files.json (publish.ts). */
export function releasedContent(source: ReleaseSource): ReleasedContent {
  return {
    files: source.contentFiles,
    tables: { [REDIRECTS_FILE]: hashBytes(source.tables.redirects), [ROUTE_RULES_FILE]: routeRulesHash(source.tables.routeRules) },
    team: (source.content.company?.team ?? []).map((member) => member.id),
  };
}

/** The live release's content hashes, or null before the first release. Read once per release. */
export function liveContent(releasesRoot: string): LiveContent | null {
  const id = currentRelease(releasesRoot);
  if (!id) return null;
  if (cached?.release === id) return cached;
  // The live release is always one this code made (serving.ts makes one at start otherwise).
  cached = { release: id, ...(JSON.parse(readFileSync(join(releaseDir(releasesRoot, id), CONTENT_FILES_FILE), "utf8")) as ReleasedContent) };
  return cached;
}

/** Route rules are compared as parsed (the release keeps them with defaults applied). */
function routeRulesHash(rules: unknown): string {
  return createHash("sha256").update(JSON.stringify(rules)).digest("base64url").slice(0, 22);
}

export type ContentChange = {
  /** Path under the content folder. */
  path: string;
  type: CollectionName | DocumentName | "redirects";
  /** The entry's slug; null for a document or a table. */
  slug: string | null;
  change: "added" | "changed" | "deleted";
};

/** The hash of a content file as releases record it, or null when it does not exist. */
export function contentFileHash(contentDir: string, path: string): string | null {
  const file = join(contentDir, path);
  return existsSync(file) ? hashBytes(readFileSync(file)) : null;
}

/**
 * Every entry, document and table saved in the content folder but not in the
 * live release: added, changed, or deleted since. Everything counts as added
 * before the first release.
 */
export function unpublishedChanges(contentDir: string, releasesRoot: string, current: Readonly<Record<string, string>>): ContentChange[] {
  const live = liveContent(releasesRoot);
  const changes: ContentChange[] = [];
  const compare = (path: string, type: ContentChange["type"], slug: string | null, now: string | undefined, before: string | undefined) => {
    if (now === before) return;
    changes.push({ path, type, slug, change: before === undefined ? "added" : now === undefined ? "deleted" : "changed" });
  };
  const paths = new Set([...Object.keys(current), ...Object.keys(live?.files ?? {})]);
  const entries = [...paths].sort().flatMap((path) => {
    const entry = entryOfFile(path);
    return entry ? [{ path, ...entry }] : [];
  });
  // Collection by collection, in the catalog's order.
  for (const type of Object.keys(COLLECTION_CATALOG)) {
    for (const { path, slug } of entries.filter((e) => e.type === type)) compare(path, type as CollectionName, slug, current[path], live?.files[path]);
  }
  for (const [type, { file }] of Object.entries(DOCUMENT_CATALOG)) compare(file, type as DocumentName, null, current[file], live?.files[file]);
  for (const path of changedTables(contentDir, live)) changes.push({ path, type: "redirects", slug: null, change: live ? "changed" : "added" });
  return changes;
}

/** The redirect tables' files whose rows differ from the live release's (all of them before the first release). */
export function changedTables(contentDir: string, live: { readonly tables: Readonly<Record<string, string>> } | null): string[] {
  const tables = live?.tables ?? {};
  const changed: string[] = [];
  const redirectsText = existsSync(join(contentDir, REDIRECTS_FILE)) ? readFileSync(join(contentDir, REDIRECTS_FILE), "utf8") : null;
  if (redirectsText !== null && hashBytes(redirectsText) !== tables[REDIRECTS_FILE]) changed.push(REDIRECTS_FILE);
  try {
    const rules = JSON.parse(readFileSync(join(contentDir, ROUTE_RULES_FILE), "utf8")) as Record<string, { redirect: string; status?: number }>;
    const withDefaults = Object.fromEntries(Object.entries(rules).map(([k, v]) => [k, { ...v, status: v.status ?? 301 }]));
    if (routeRulesHash(withDefaults) !== tables[ROUTE_RULES_FILE]) changed.push(ROUTE_RULES_FILE);
  } catch {
    changed.push(ROUTE_RULES_FILE);
  }
  return changed;
}
