import { z } from "zod";
import { COLLECTION_CATALOG, isCollectionName, isEditableType, SINGLE, typeInfo } from "#core/content/catalog.ts";
import { liveContent } from "../../releases/unpublished.ts";
import { readEntry, type Values } from "./files.ts";

/**
 * What a chosen entry cannot appear on the site without (decision 030): an
 * entry it refers to that is saved but was never published (a new case, a
 * new service), or a new author (a team member saved in «Компания» and not
 * yet published). Read from the schemas' `x-reference` marks, so a new
 * reference field counts without a second list.
 */
export type Needed = { key: string; title: string; because: string };

type Json = { type?: string; properties?: Record<string, Json>; items?: Json; "x-reference"?: string; anyOf?: Json[] };

/** Field → reference target, for the top-level fields of a type that name other entries. */
function referenceFields(type: string): Array<{ field: string; target: string; many: boolean }> {
  if (!isEditableType(type)) return [];
  const json = z.toJSONSchema(typeInfo(type).schema, { io: "input", unrepresentable: "any" }) as Json;
  const fields: Array<{ field: string; target: string; many: boolean }> = [];
  for (const [field, schema] of Object.entries(json.properties ?? {})) {
    const single = schema["x-reference"] ?? schema.anyOf?.find((s) => s["x-reference"])?.["x-reference"];
    if (single) fields.push({ field, target: single, many: false });
    const item = schema.items?.["x-reference"];
    if (item) fields.push({ field, target: item, many: true });
  }
  return fields;
}

const titleOf = (values: Values | undefined, fallback: string) => String(values?.name ?? values?.title ?? values?.client ?? fallback);

/** Entries (as "type/slug") that must go live with `keys`, with why, that `keys` do not already include. */
export function neededWith(place: { contentDir: string; releasesDir: string }, keys: readonly string[]): Needed[] {
  const chosen = new Set(keys);
  const needed = new Map<string, Needed>();
  // What is on the site, read from the live release (the published folder belongs to the release maker).
  const live = liveContent(place.releasesDir);
  if (!live) return [];
  const liveTeam = new Set(live.team);
  let savedTeam: Set<string> | null = null;
  for (const key of keys) {
    const [type = "", slug = ""] = key.split("/");
    if (!isCollectionName(type)) continue;
    const values = readEntry(place.contentDir, type, slug)?.values;
    if (!values) continue;
    const what = `«${titleOf(values, slug)}»`;
    for (const { field, target, many } of referenceFields(type)) {
      const raw = values[field];
      const slugs = (many ? (Array.isArray(raw) ? raw : []) : raw === undefined || raw === null ? [] : [raw]).map(String);
      for (const name of slugs) {
        if (target === "team") {
          savedTeam ??= new Set(((readEntry(place.contentDir, "company", SINGLE)?.values.team ?? []) as Array<{ id?: unknown }>).map((m) => String(m.id)));
          if (!liveTeam.has(name) && savedTeam.has(name) && !chosen.has(`company/${SINGLE}`)) {
            needed.set(`company/${SINGLE}`, { key: `company/${SINGLE}`, title: "Компания", because: `новый автор ${what}` });
          }
          continue;
        }
        if (!isCollectionName(target)) continue;
        const targetKey = `${target}/${name}`;
        if (chosen.has(targetKey) || needed.has(targetKey)) continue;
        const path = `${COLLECTION_CATALOG[target].folder}/${name}.md`;
        const saved = readEntry(place.contentDir, target, name);
        if (saved && live.files[path] === undefined) {
          needed.set(targetKey, { key: targetKey, title: titleOf(saved.values, name), because: `на неё ссылается ${what}` });
        }
      }
    }
  }
  return [...needed.values()];
}
