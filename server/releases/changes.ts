import { createHash } from "node:crypto";
import type { Content } from "#core/content/index.server.ts";
import { ANY_FIELD, type PageDeps } from "#core/content/reads.server.ts";
import type { ContentSource } from "#core/content/source.server.ts";
import { uploadReadKey } from "#core/content/uploads.server.ts";
import { moscowDay } from "#core/lib/moscow-time.ts";

/**
 * What a release knows of its content, to tell the next release what
 * changed: a short hash per entry field, per document field and per image,
 * and the order of every collection. Comparing two of these gives the
 * changes; a page's recorded reads (core/content/reads.server.ts) say whether
 * a change concerns it.
 */
export type Fingerprints = {
  collections: Record<string, { members: string[]; entries: Record<string, Record<string, string>> }>;
  documents: Record<string, Record<string, string>>;
  images: Record<string, string>;
  modified: string;
  clock: { year: string; day: string };
};

export type Changes = {
  /** Why everything renders (first release, code or configuration changed); null for an exact release. */
  all: string | null;
  members: Set<string>;
  fields: Map<string, Map<string, Set<string>>>;
  documents: Map<string, Set<string>>;
  images: Set<string>;
  modified: boolean;
  clock: Set<"year" | "day">;
  /** What changed, for people: "articles/slug", "company". */
  entries: string[];
};

export const hashValue = (value: unknown) =>
  createHash("sha1")
    .update(JSON.stringify(value) ?? "undefined")
    .digest("base64url")
    .slice(0, 12);

function fieldHashes(value: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.keys(value).map((key) => [key, hashValue(value[key])]));
}

/** The day and year in Moscow: what "today" means on the site. */
export function calendar(now: Date): { year: string; day: string } {
  const day = moscowDay(now);
  return { year: day.slice(0, 4), day };
}

/**
 * `reuse(collection, slug)` may return the previous release's hashes of an
 * entry whose file did not change (hashing every article body again is most
 * of the time at thousands of articles).
 */
export function fingerprint(
  source: ContentSource,
  now: Date,
  reuse: (collection: string, slug: string) => Record<string, string> | undefined = () => undefined,
): Fingerprints {
  const collections: Fingerprints["collections"] = {};
  const documents: Fingerprints["documents"] = {};
  for (const [name, value] of Object.entries(source.content as Content)) {
    if (Array.isArray(value)) {
      const entries: Record<string, Record<string, string>> = {};
      for (const entry of value as Array<Record<string, unknown>>) {
        const slug = String(entry.slug);
        entries[slug] = reuse(name, slug) ?? fieldHashes(entry);
      }
      collections[name] = { members: (value as Array<{ slug: string }>).map((e) => e.slug), entries };
    } else {
      documents[name] = fieldHashes(value as Record<string, unknown>);
    }
  }
  const images = Object.fromEntries(Object.entries(source.images).map(([key, image]) => [key, hashValue(image)]));
  // An upload's description (alt text, focal point) changes in «Медиа», not in the entry that shows it as a cover.
  for (const [hash, info] of Object.entries(source.uploads ?? {})) images[uploadReadKey(hash)] = hashValue(info);
  return { collections, documents, images, modified: hashValue(source.modified), clock: calendar(now) };
}

function emptyChanges(all: string | null): Changes {
  return { all, members: new Set(), fields: new Map(), documents: new Map(), images: new Set(), modified: false, clock: new Set(), entries: [] };
}

export function everything(reason: string): Changes {
  return emptyChanges(reason);
}

function addField(changes: Changes, collection: string, field: string, slug: string) {
  let byField = changes.fields.get(collection);
  if (!byField) changes.fields.set(collection, (byField = new Map()));
  let slugs = byField.get(field);
  if (!slugs) byField.set(field, (slugs = new Set()));
  slugs.add(slug);
}

export function compare(before: Fingerprints, after: Fingerprints): Changes {
  const changes = emptyChanges(null);
  const names = new Set([...Object.keys(before.collections), ...Object.keys(after.collections)]);
  for (const name of names) {
    const a = before.collections[name] ?? { members: [], entries: {} };
    const b = after.collections[name] ?? { members: [], entries: {} };
    if (a.members.join("\n") !== b.members.join("\n")) changes.members.add(name);
    for (const slug of new Set([...Object.keys(a.entries), ...Object.keys(b.entries)])) {
      const x = a.entries[slug] ?? {};
      const y = b.entries[slug] ?? {};
      let touched = false;
      for (const field of new Set([...Object.keys(x), ...Object.keys(y)])) {
        if (x[field] === y[field]) continue;
        addField(changes, name, field, slug);
        touched = true;
      }
      if (touched) changes.entries.push(`${name}/${slug}`);
    }
  }
  for (const name of new Set([...Object.keys(before.documents), ...Object.keys(after.documents)])) {
    const x = before.documents[name] ?? {};
    const y = after.documents[name] ?? {};
    const fields = [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((field) => x[field] !== y[field]);
    if (fields.length > 0) {
      changes.documents.set(name, new Set(fields));
      changes.entries.push(name);
    }
  }
  for (const key of new Set([...Object.keys(before.images), ...Object.keys(after.images)])) {
    if (before.images[key] !== after.images[key]) changes.images.add(key);
  }
  changes.modified = before.modified !== after.modified;
  if (before.clock.year !== after.clock.year) changes.clock.add("year");
  if (before.clock.day !== after.clock.day) changes.clock.add("day");
  changes.entries.sort();
  return changes;
}

/** Whether a page that read `deps` last time must be rendered again for `changes`. */
export function concerns(deps: PageDeps, changes: Changes): boolean {
  if (changes.all !== null) return true;
  if (deps.members?.some((name) => changes.members.has(name))) return true;
  for (const [collection, fields] of Object.entries(deps.fields ?? {})) {
    const changed = changes.fields.get(collection);
    if (!changed) continue;
    for (const [field, slugs] of Object.entries(fields)) {
      // An entry read whole depends on every field it has or comes to have.
      for (const changedSlugs of field === ANY_FIELD ? changed.values() : [changed.get(field)]) {
        if (changedSlugs && (slugs === "*" || slugs.some((slug) => changedSlugs.has(slug)))) return true;
      }
    }
  }
  for (const [name, fields] of Object.entries(deps.documents ?? {})) {
    const changed = changes.documents.get(name);
    if (changed && fields.some((field) => field === ANY_FIELD || changed.has(field))) return true;
  }
  if (deps.images?.some((key) => changes.images.has(key))) return true;
  if (deps.modified && changes.modified) return true;
  return deps.clock?.some((g) => changes.clock.has(g)) ?? false;
}

/** Entries whose content changed get today's date as their last change (the sitemap's lastmod). */
export function updateModified(previous: Readonly<Record<string, string>>, changes: Changes, live: Fingerprints, today: string): Record<string, string> {
  const modified: Record<string, string> = {};
  const changed = new Set(changes.entries);
  for (const [name, { entries }] of Object.entries(live.collections)) {
    for (const slug of Object.keys(entries)) {
      const key = `${name}/${slug}`;
      const date = changed.has(key) ? today : previous[key];
      if (date) modified[key] = date;
    }
  }
  return modified;
}
