import { z } from "zod";
import { type EditableType, typeInfo } from "./catalog.ts";

/**
 * A field's name as people read it, from the schema's `.meta({ title })`:
 * "results.1.value" → «Результаты › № 2 › Значение». For the server's
 * messages about other entries (the studio's forms build theirs from the
 * same schemas, studio/content/model.ts). An unknown step keeps its key.
 */
type Json = { title?: string; properties?: Record<string, Json>; items?: Json; anyOf?: Json[] };

const schemas = new Map<string, Json>();

function jsonOf(type: EditableType): Json {
  let json = schemas.get(type);
  if (!json) {
    json = z.toJSONSchema(typeInfo(type).schema, { io: "input", unrepresentable: "any" }) as Json;
    schemas.set(type, json);
  }
  return json;
}

export function fieldLabel(type: EditableType, path: string): string {
  let node: Json | undefined = jsonOf(type);
  const names: string[] = [];
  for (const step of path.split(".").filter(Boolean)) {
    const plain: Json | undefined = node?.anyOf?.find((a) => a.properties || a.items) ?? node;
    if (/^\d+$/.test(step)) {
      names.push(`№\u00a0${Number(step) + 1}`);
      node = plain?.items;
      continue;
    }
    node = plain?.properties?.[step];
    names.push(node?.title ?? step);
  }
  return names.join(" › ");
}
