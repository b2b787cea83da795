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

type Json = { type?: string; properties?: Record<string, Json>; items?: Json; "x-reference"?: string; anyOf?: Json[]; oneOf?: Json[]; const?: unknown };

const schemas = new Map<string, Json>();
const schemaOf = (type: string): Json | null => {
  if (!isEditableType(type)) return null;
  let json = schemas.get(type);
  if (!json) schemas.set(type, (json = z.toJSONSchema(typeInfo(type).schema, { io: "input", unrepresentable: "any" }) as Json));
  return json;
};

/**
 * Every entry `value` names through a field its schema marks as a reference, at any depth (a
 * case's services, a landing's blocks: each block by its own kind's fields).
 */
function referencedIn(schema: Json | undefined, value: unknown, out: Array<{ target: string; slug: string }>): void {
  if (!schema || value === undefined || value === null) return;
  const target = schema["x-reference"] ?? schema.anyOf?.find((s) => s["x-reference"])?.["x-reference"];
  if (target !== undefined) {
    if (typeof value === "string") out.push({ target, slug: value });
    return;
  }
  if (Array.isArray(value)) {
    const items = schema.items ?? schema.anyOf?.find((s) => s.items)?.items;
    for (const item of value) referencedIn(items, item, out);
    return;
  }
  if (typeof value !== "object") return;
  let here = schema.anyOf?.find((s) => s.properties || s.oneOf) ?? schema;
  if (here.oneOf) here = here.oneOf.find((kind) => kind.properties?.kind?.const === (value as { kind?: unknown }).kind) ?? here;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) referencedIn(here.properties?.[key], child, out);
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
    const named: Array<{ target: string; slug: string }> = [];
    referencedIn(schemaOf(type) ?? undefined, values, named);
    for (const { target, slug: name } of named) {
      if (target === "team") {
        savedTeam ??= new Set(((readEntry(place.contentDir, "company", SINGLE)?.values.team ?? []) as Array<{ id?: unknown }>).map((m) => String(m.id)));
        if (!liveTeam.has(name) && savedTeam.has(name) && !chosen.has(`company/${SINGLE}`)) {
          needed.set(`company/${SINGLE}`, { key: `company/${SINGLE}`, title: "Компания", because: type === "articles" ? `новый автор ${what}` : `новый сотрудник в ${what}` });
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
  return [...needed.values()];
}
