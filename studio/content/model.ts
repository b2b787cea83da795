import { z } from "zod";
import { type EditableType, typeInfo } from "#core/content/catalog.ts";
import { SEARCH_WEIGHTS, type SearchWeight } from "#core/content/fields.ts";

/**
 * A content type's form, made from its zod schema (the only source of
 * content types) through JSON Schema's input side: what a file holds. The
 * schema's `.meta()` gives each field its Russian label and hint;
 * `contentMediaType: text/markdown` marks long texts, `x-reference` a
 * reference to other entries, `x-labels` the names of an enum's values.
 */
export type Option = { value: string; label: string };
export type Widget = "icon" | "time-zone" | "image" | "month" | "phone";
/** A list with a screen of its own: the search's pinned pages, which «Поиск по сайту» fills in (`?pin=`). */
export type ListWidget = "search-pins";

/** A field that means something only for some values of a sibling (a form block's event, for registration): its key and those values. */
export type ShownWhen = { key: string; values: string[] };
type Base = { title: string; description: string | undefined; required: boolean; shownWhen?: ShownWhen };
export type FieldNode =
  | (Base & { kind: "text"; pattern: string | undefined; minLength: number; maxLength: number | undefined; long: boolean; widget: Widget | undefined; derivedFrom: string | undefined })
  | (Base & { kind: "markdown"; nestedUnder: number | undefined; maxLength: number | undefined })
  | (Base & { kind: "number"; integer: boolean; minimum: number | undefined; maximum: number | undefined })
  | (Base & { kind: "boolean"; default: boolean })
  | (Base & { kind: "enum"; options: Option[]; numeric: boolean })
  | (Base & { kind: "date" })
  | (Base & { kind: "datetime" })
  | (Base & { kind: "reference"; target: string })
  | (Base & { kind: "references"; target: string; minItems: number; maxItems: number | undefined })
  | (Base & { kind: "tags"; minItems: number; maxItems: number | undefined; itemMaxLength: number | undefined })
  | (Base & { kind: "strings"; item: FieldNode; minItems: number; maxItems: number | undefined })
  | (Base & { kind: "list"; item: ObjectNode; minItems: number; maxItems: number | undefined; widget?: ListWidget })
  | BlocksNode
  | ObjectNode;
/**
 * A list whose items are of several kinds, told apart by their `kind` (a landing's blocks: a
 * discriminated union in the schema): each kind's fields without `kind` itself, its name.
 */
export type BlocksNode = Base & { kind: "blocks"; kinds: BlockKind[]; minItems: number; maxItems: number | undefined };
export type BlockKind = { kind: string; item: ObjectNode };
export type ObjectNode = Base & { kind: "object"; fields: Array<[string, FieldNode]>; groups?: FormSection[] };
/** A section of a form (the schema's `x-groups`): its heading and its fields' keys, in order. */
export type FormSection = { title: string; keys: string[] };

type Json = {
  type?: string;
  title?: string;
  description?: string;
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  enum?: unknown[];
  anyOf?: Json[];
  oneOf?: Json[];
  const?: unknown;
  format?: string;
  pattern?: string;
  default?: unknown;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  contentMediaType?: string;
  "x-reference"?: string;
  "x-labels"?: Record<string, string>;
  "x-nested-under"?: number;
  "x-groups"?: Array<{ title: string; fields: string[] }>;
  /** A text picked rather than typed: an icon of the site's set, a time zone, an image from «Медиа», a month, a phone number. */
  "x-widget"?: Widget | ListWidget;
  /** A code made from another field of the same group (an anchor from a title): shown, editable, not typed. */
  "x-derived-from"?: string;
  /** Searched by the site's search with this weight (core/search/facts.ts): said in the field's hint. */
  "x-search"?: SearchWeight;
  /** Shown, needed and kept only while a sibling field has one of these values: `{ form: ["event"] }`. */
  "x-shown-when"?: Record<string, string[]>;
};

const LONG_TEXT = 160;

/** The hint of a field: its own, and whether the site's search finds pages by it. */
function hintOf(json: Json): string | undefined {
  const searched = json["x-search"] ? `Ищется на\u00a0сайте: вес ${SEARCH_WEIGHTS[json["x-search"]]}` : undefined;
  return [json.description, searched].filter(Boolean).join(". ") || undefined;
}

function node(json: Json, required: boolean, fallbackTitle: string): FieldNode {
  const shown = Object.entries(json["x-shown-when"] ?? {})[0];
  const base: Base = {
    title: json.title ?? fallbackTitle,
    description: hintOf(json),
    // A field asked only for some values is asked because it is needed then (the schema refines it so).
    required: (required || shown !== undefined) && json.default === undefined,
    ...(shown ? { shownWhen: { key: shown[0], values: shown[1] } } : {}),
  };
  if (json.anyOf) {
    const consts = json.anyOf.map((a) => a.const).filter((c) => c !== undefined);
    if (consts.length === json.anyOf.length) {
      return { ...base, kind: "enum", options: consts.map((c) => ({ value: String(c), label: String(c) })), numeric: typeof consts[0] === "number" };
    }
    const first = json.anyOf.find((a) => a.type !== undefined) ?? {};
    const carried = { ...(json["x-search"] ? { "x-search": json["x-search"] } : {}), ...(json["x-shown-when"] ? { "x-shown-when": json["x-shown-when"] } : {}) };
    return node({ ...first, title: json.title, description: json.description, ...carried }, required, fallbackTitle);
  }
  if (json.enum) {
    const labels = json["x-labels"] ?? {};
    return { ...base, kind: "enum", options: json.enum.map((v) => ({ value: String(v), label: labels[String(v)] ?? (String(v) || "—") })), numeric: false };
  }
  if (json.type === "object") {
    const req = new Set(json.required ?? []);
    const fields = Object.entries(json.properties ?? {}).map(([key, child]): [string, FieldNode] => [key, node(child, req.has(key), key)]);
    return { ...base, kind: "object", fields, ...(json["x-groups"] ? { groups: sections(json["x-groups"], fields) } : {}) };
  }
  if (json.type === "array") {
    const item = json.items ?? {};
    const minItems = json.minItems ?? 0;
    const maxItems = json.maxItems;
    if (item["x-reference"]) return { ...base, kind: "references", target: item["x-reference"], minItems, maxItems };
    if (item.oneOf) return { ...base, kind: "blocks", kinds: item.oneOf.map(blockKind), minItems, maxItems };
    if (item.type === "object") {
      const widget = json["x-widget"] === "search-pins" ? json["x-widget"] : undefined;
      return { ...base, kind: "list", item: node(item, true, "Пункт") as ObjectNode, minItems, maxItems, ...(widget ? { widget } : {}) };
    }
    if (item.type === "string" && (item.pattern || !item.title)) return { ...base, kind: "tags", minItems, maxItems, itemMaxLength: item.maxLength };
    return { ...base, kind: "strings", item: node(item, true, "Пункт"), minItems, maxItems };
  }
  if (json.type === "boolean") return { ...base, kind: "boolean", default: json.default === true };
  if (json.type === "number" || json.type === "integer") {
    return { ...base, kind: "number", integer: json.type === "integer", minimum: json.minimum, maximum: json.maximum !== undefined && json.maximum < 1e15 ? json.maximum : undefined };
  }
  if (json["x-reference"]) return { ...base, kind: "reference", target: json["x-reference"] };
  if (json.contentMediaType === "text/markdown") return { ...base, kind: "markdown", nestedUnder: json["x-nested-under"], maxLength: json.maxLength };
  if (json.format === "date") return { ...base, kind: "date" };
  if (json.format === "date-time") return { ...base, kind: "datetime" };
  return { ...base, kind: "text", pattern: json.pattern, minLength: json.minLength ?? 0, maxLength: json.maxLength, long: (json.maxLength ?? 0) > LONG_TEXT, widget: json["x-widget"] === "search-pins" ? undefined : json["x-widget"], derivedFrom: json["x-derived-from"] };
}

/** One kind of a list of blocks: its fields but the `kind` that names it. */
function blockKind(json: Json): BlockKind {
  const kind = String(json.properties?.kind?.const ?? "");
  const item = node(json, true, kind) as ObjectNode;
  return { kind, item: { ...item, fields: item.fields.filter(([key]) => key !== "kind") } };
}

/** A block's kind among a list's, or null for a value that names none. */
export function kindOf(node: BlocksNode, value: unknown): BlockKind | null {
  const kind = typeof value === "object" && value !== null ? (value as { kind?: unknown }).kind : undefined;
  return node.kinds.find((k) => k.kind === kind) ?? null;
}

/** A new block of a kind: its `kind` and its fields' starting values. */
export function emptyBlock(kind: BlockKind): Record<string, unknown> {
  return { kind: kind.kind, ...emptyValues(kind.item) };
}

/** The schema's sections; a field none of them names (a schema ahead of its groups) goes to a last one, «Прочее». */
function sections(declared: Array<{ title: string; fields: string[] }>, fields: Array<[string, FieldNode]>): FormSection[] {
  const keys = new Set(fields.map(([key]) => key));
  const out = declared.map((group) => ({ title: group.title, keys: group.fields.filter((key) => keys.has(key)) })).filter((group) => group.keys.length > 0);
  const named = new Set(out.flatMap((group) => group.keys));
  const rest = fields.map(([key]) => key).filter((key) => !named.has(key));
  return rest.length > 0 ? [...out, { title: "Прочее", keys: rest }] : out;
}

const models = new Map<string, ObjectNode>();

/** The form of a type (made once per type). */
export function formModel(type: EditableType): ObjectNode {
  let model = models.get(type);
  if (!model) {
    const json = z.toJSONSchema(typeInfo(type).schema, { io: "input", unrepresentable: "any" }) as Json;
    model = node(json, true, typeInfo(type).title) as ObjectNode;
    models.set(type, model);
  }
  return model;
}

/** A field's path as the schema's issues name it: ["results", 0, "value"] → "results.0.value". */
export const pathKey = (path: ReadonlyArray<string | number>) => path.join(".");

/** The fields of a group to show for its values: a field shown only for some values of a sibling is left out for the others. */
export function shownFields(model: ObjectNode, value: unknown): Array<[string, FieldNode]> {
  const object = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  return model.fields.filter(([, child]) => !child.shownWhen || child.shownWhen.values.includes(String(object[child.shownWhen.key] ?? "")));
}

/**
 * The values a form holds, as the file will: empty optional texts and
 * numbers left out, an optional group with nothing filled in left out.
 */
export function pruned(model: FieldNode, value: unknown): unknown {
  if (model.kind === "object") {
    if (typeof value !== "object" || value === null) return model.required ? {} : undefined;
    const out: Record<string, unknown> = {};
    // A field hidden for the values around it is not kept: a registration's event once the form is a request.
    for (const [key, child] of shownFields(model, value)) {
      const v = pruned(child, (value as Record<string, unknown>)[key]);
      if (v !== undefined) out[key] = v;
    }
    return !model.required && Object.keys(out).length === 0 ? undefined : out;
  }
  if (model.kind === "list") return Array.isArray(value) ? value.map((item) => pruned(model.item, item) ?? {}) : undefined;
  if (model.kind === "blocks") {
    if (!Array.isArray(value)) return undefined;
    return value.map((item) => {
      const kind = kindOf(model, item);
      return kind ? { kind: kind.kind, ...((pruned(kind.item, item) as Record<string, unknown> | undefined) ?? {}) } : item;
    });
  }
  if (model.kind === "strings" || model.kind === "tags" || model.kind === "references") return Array.isArray(value) ? value : undefined;
  if (value === "" || value === null) return model.kind === "markdown" && model.required ? "" : undefined;
  return value;
}

/** Checks values with the type's schema, as the server will: errors by field path (Russian). */
export function validate(type: EditableType, values: unknown): Record<string, string> {
  const result = typeInfo(type).schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[pathKey(issue.path as Array<string | number>)] ??= issue.message;
  return errors;
}

/** A new entry's starting values: defaults where the schema has them, one empty item where a list needs some. */
export function emptyValues(model: ObjectNode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, child] of model.fields) {
    if (child.kind === "object" && child.required) out[key] = emptyValues(child);
    else if (child.kind === "boolean") out[key] = child.default;
    else if (child.kind === "list" && child.minItems > 0) out[key] = Array.from({ length: child.minItems }, () => emptyValues(child.item));
    // A list of blocks starts with its first kind (a landing with its first screen).
    else if (child.kind === "blocks") out[key] = child.minItems > 0 && child.kinds[0] ? [emptyBlock(child.kinds[0])] : [];
    else if (child.kind === "strings" && child.minItems > 0) out[key] = Array.from({ length: child.minItems }, () => "");
    else if (child.kind === "tags" || child.kind === "references" || child.kind === "strings" || child.kind === "list") out[key] = [];
  }
  return out;
}

/** `value` with `next` put at `path` (copies along the way; nothing is mutated). */
export function setIn(value: unknown, path: ReadonlyArray<string | number>, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (typeof head === "number") {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[head] = setIn(list[head], rest, next);
    return list;
  }
  const object = typeof value === "object" && value !== null && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  object[head] = setIn(object[head], rest, next);
  return object;
}
