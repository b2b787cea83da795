import { z } from "zod";
import { type EditableType, typeInfo } from "./catalog.ts";

/**
 * A field's name as people read it, from the schema's `.meta({ title })`:
 * "results.1.value" → «Результаты › № 2 › Значение». For the server's
 * messages about other entries (the studio's forms build theirs from the
 * same schemas, studio/content/model.ts). An unknown step keeps its key.
 */
export type SchemaJson = {
  title?: string;
  properties?: Record<string, SchemaJson>;
  items?: SchemaJson;
  anyOf?: SchemaJson[];
  /** The kinds of a list of blocks (a discriminated union), each told by its `kind`'s `const`. */
  oneOf?: SchemaJson[];
  const?: unknown;
  "x-reference"?: string;
};
type Json = SchemaJson;

const schemas = new Map<string, Json>();

/** A type's schema as JSON Schema's input side (what a file holds), made once per type. */
export function schemaJson(type: EditableType): SchemaJson {
  let json = schemas.get(type);
  if (!json) {
    json = z.toJSONSchema(typeInfo(type).schema, { io: "input", unrepresentable: "any" }) as Json;
    schemas.set(type, json);
  }
  return json;
}

export function fieldLabel(type: EditableType, path: string): string {
  let node: Json | undefined = schemaJson(type);
  const names: string[] = [];
  for (const step of path.split(".").filter(Boolean)) {
    const plain: Json | undefined = node?.anyOf?.find((a) => a.properties || a.items) ?? node;
    if (/^\d+$/.test(step)) {
      names.push(`№\u00a0${Number(step) + 1}`);
      node = plain?.items;
      continue;
    }
    // A block of a list of several kinds: the first kind that has the field (their shared fields read alike).
    node = plain?.properties?.[step] ?? plain?.oneOf?.find((kind) => kind.properties?.[step])?.properties?.[step];
    names.push(node?.title ?? step);
  }
  return names.join(" › ");
}
