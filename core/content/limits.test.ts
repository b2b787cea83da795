import { describe, expect, it } from "vitest";
import { z } from "zod";
import { COLLECTION_CATALOG, DOCUMENT_CATALOG, TABLE_CATALOG } from "./catalog.ts";
import { ArticleSchema } from "./schemas/articles.ts";

/**
 * Every string and list a content file can hold has an upper bound (issue
 * 54): a field added without one fails here, named by its path. Read from
 * each schema's input side as JSON Schema, the form the studio builds its
 * fields from, so what is checked is what a file or a save may send.
 */
type Json = {
  type?: string | string[];
  properties?: Record<string, Json>;
  additionalProperties?: Json | boolean;
  items?: Json;
  prefixItems?: Json[];
  anyOf?: Json[];
  oneOf?: Json[];
  allOf?: Json[];
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  $ref?: string;
  $defs?: Record<string, Json>;
};

/** Whether a pattern only matches strings of bounded length: anchored at both ends, no `*`, `+` or `{n,}` outside a character class. */
function boundedPattern(pattern: string): boolean {
  if (!pattern.startsWith("^") || !/(?:^|[^\\])\$$/.test(pattern)) return false;
  const bare = pattern.replace(/\\./g, "_").replace(/\[[^\]]*\]/g, "_");
  return !/[*+]|\{\d*,\}/.test(bare);
}

/** Paths of the strings and lists of `schema` that have no maximum ("tags", "results[].label"). */
function unboundedPaths(schema: z.ZodType): string[] {
  const root = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;
  const found: string[] = [];
  const walk = (json: Json, path: string, seen: ReadonlySet<string>): void => {
    if (json.$ref) {
      const name = json.$ref.replace(/^#\/\$defs\//, "");
      const target = root.$defs?.[name];
      if (target && !seen.has(name)) walk(target, path, new Set([...seen, name]));
      return;
    }
    const branches = [...(json.anyOf ?? []), ...(json.oneOf ?? []), ...(json.allOf ?? [])];
    for (const branch of branches) walk(branch, path, seen);
    if (json.enum !== undefined || json.const !== undefined) return;
    const types = Array.isArray(json.type) ? json.type : json.type ? [json.type] : [];
    // Anything at all (z.unknown, a custom type): no bound can be read from it.
    if (types.length === 0 && branches.length === 0) found.push(path);
    if (types.includes("string") && json.maxLength === undefined && !(json.pattern && boundedPattern(json.pattern))) found.push(path);
    if (types.includes("array")) {
      if (json.maxItems === undefined) found.push(path);
      if (json.items) walk(json.items, `${path}[]`, seen);
      json.prefixItems?.forEach((item, i) => walk(item, `${path}[${i}]`, seen));
    }
    if (types.includes("object")) {
      for (const [key, child] of Object.entries(json.properties ?? {})) walk(child, path ? `${path}.${key}` : key, seen);
      // A record: as many keys as a file cares to hold.
      if (json.additionalProperties && typeof json.additionalProperties === "object") found.push(`${path}{}`);
    }
  };
  walk(root, "", new Set());
  return found;
}

const SCHEMAS = [...Object.entries(COLLECTION_CATALOG), ...Object.entries(DOCUMENT_CATALOG), ...Object.entries(TABLE_CATALOG)].map(([name, info]) => [name, info.schema] as const);

describe("bounds of the content schemas", () => {
  it.each(SCHEMAS)("%s: every string and list has a maximum", (_name, schema) => {
    expect(unboundedPaths(schema)).toEqual([]);
  });

  it("names a field planted without a maximum, a list's and a text's inside a list alike", () => {
    const planted = z.strictObject({
      title: z.string().max(10),
      tags: z.array(z.string().max(5)),
      notes: z.array(z.strictObject({ text: z.string() })).max(3),
      code: z.string().regex(/^\d{4}$/),
      phone: z.string().regex(/^\+\d+$/),
      start: z.string().regex(/^https:/),
      kind: z.enum(["a", "b"]),
      extra: z.record(z.string().max(5), z.number()),
    });
    expect(unboundedPaths(planted)).toEqual(["tags", "notes[].text", "phone", "start", "extra{}"]);
  });

  it("names an unbounded list added to a real schema", () => {
    expect(unboundedPaths(ArticleSchema.extend({ sources: z.array(z.string().max(100)) }))).toEqual(["sources"]);
  });
});
