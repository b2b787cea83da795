import type { EditableType } from "#core/content/catalog.ts";
import { listScheduled } from "../../releases/schedule.ts";
import { listReleases } from "../../releases/store.ts";
import { changedTables, liveContent } from "../../releases/unpublished.ts";
import type { EntryLife } from "#core/studio/content-api.ts";
import { entryFiles } from "./files.ts";

/**
 * Each entry's own state (decision 030), read from what is saved (the content
 * folder's hashes), what is on the site (the live release's), the plans that
 * carry it, and the releases that took it off the site. Made once per request
 * for a whole list.
 */
export function entryLives(place: { contentDir: string; releasesDir: string }, saved: Readonly<Record<string, string>>) {
  const live = liveContent(place.releasesDir);
  const planned = new Map<string, number>();
  for (const plan of listScheduled(place.releasesDir)) {
    if (plan.state !== "pending" || !Array.isArray(plan.entries)) continue;
    for (const path of plan.entries) planned.set(path, Math.min(planned.get(path) ?? Infinity, plan.at));
  }
  let withdrawn: Set<string> | null = null;
  let tablesChanged: Set<string> | null = null;
  const wasWithdrawn = (path: string) => {
    withdrawn ??= new Set(listReleases(place.releasesDir).flatMap((r) => r.withdrawn ?? []));
    return withdrawn.has(path);
  };
  return (type: EditableType, slug: string): EntryLife => {
    const files = entryFiles(type, slug);
    const scheduledAt = files.map((f) => planned.get(f)).find((at) => at !== undefined) ?? null;
    const onSite = files.some((f) => live?.files[f] !== undefined);
    const isSaved = files.some((f) => saved[f] !== undefined);
    // Tables are not among the hashed files: on the site whenever there is a release, compared by their rows.
    const table = files.every((f) => !f.endsWith(".md") && !f.endsWith(".yaml"));
    if (table) {
      if (!live) return { state: "draft", scheduledAt };
      tablesChanged ??= new Set(changedTables(place.contentDir, live));
      const changed = files.some((f) => tablesChanged?.has(f));
      return { state: changed ? "changed" : "published", scheduledAt };
    }
    if (!isSaved) return { state: "deleted", scheduledAt };
    if (!onSite) return { state: wasWithdrawn(files[0] as string) ? "withdrawn" : "draft", scheduledAt };
    const same = files.every((f) => live?.files[f] === saved[f]);
    return { state: same ? "published" : "changed", scheduledAt };
  };
}
