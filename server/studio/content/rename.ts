import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isMap, isScalar, isSeq, type Node, parseDocument, Scalar } from "yaml";
import { COLLECTION_CATALOG, type CollectionName, DOCUMENT_CATALOG, entryPath, type EditableType, hasOwnPage } from "#core/content/catalog.ts";
import { type SchemaJson, schemaJson } from "#core/content/labels.ts";
import type { Reference } from "#core/studio/content-api.ts";
import { REDIRECTS_FILE } from "../../releases/tables.ts";
import { EntryInvalid } from "./check.ts";
import { listSlugs, titleOf } from "./files.ts";
import { type Move, movedAddress, rewriteLinks } from "./links.ts";

/**
 * Renaming follows references (decision 031): every content file that names
 * an entry — a reference field holding its slug, a field holding its address,
 * a Markdown link to its page in a text — and what that file becomes with the
 * entry's new slug. Files are edited in their own source: a slug or an
 * address is replaced where it stands, a body's links by their targets only;
 * a Markdown text inside YAML (a case's «Задача») that has a link is written
 * back by the YAML library (its formatting may then be normalised).
 */
export type Followed = { references: Array<Reference & { path: string }>; writes: Map<string, string> };

type Json = SchemaJson;
const jsonSchema = schemaJson;

/** A schema with its `anyOf` (optional, nullable) looked through. */
const settled = (schema: Json | undefined): Json | undefined => (schema?.anyOf ? (schema.anyOf.find((s) => s.properties || s.items || s["x-reference"]) ?? schema) : schema);

const FRONTMATTER = /^(---\r?\n)([\s\S]*?\r?\n)(---\r?\n?)([\s\S]*)$/;

type Edit = { start: number; end: number; text: string };
type Found = { field: string; kind: "field" | "link" };

/**
 * The YAML source with the entry's slug and address replaced (byte for byte
 * elsewhere), and the fields where it was found.
 */
function followYaml(source: string, schema: Json, target: CollectionName, slug: { from: string; to: string }, move: Move | null): { text: string; found: Found[] } {
  const doc = parseDocument(source);
  if (doc.errors.length > 0) return { text: source, found: [] };
  const edits: Edit[] = [];
  const found: Found[] = [];
  let rewritten = false;
  const walk = (node: unknown, at: Json | undefined, label: string | null) => {
    let here = settled(at);
    // A block of a list of several kinds (a landing's): the schema of its own kind.
    if (here?.oneOf && isMap(node)) {
      const kind = node.get("kind");
      here = here.oneOf.find((branch) => branch.properties?.kind?.const === kind) ?? here;
    }
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : "";
        const child = settled(here?.properties?.[key]);
        walk(pair.value, child, label ?? child?.title ?? key);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) walk(item, settled(here?.items), label);
    } else if (isScalar(node) && typeof node.value === "string" && node.range) {
      const value = node.value;
      const field = label ?? "";
      const plain = node.type === Scalar.PLAIN || node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE;
      const quote = node.type === Scalar.QUOTE_DOUBLE ? '"' : node.type === Scalar.QUOTE_SINGLE ? "'" : "";
      if (here?.["x-reference"] === target && value === slug.from) {
        edits.push({ start: node.range[0], end: node.range[1], text: quote + slug.to + quote });
        found.push({ field, kind: "field" });
        return;
      }
      if (!move) return;
      const address = movedAddress(value, move);
      if (address !== null && plain) {
        edits.push({ start: node.range[0], end: node.range[1], text: quote + address + quote });
        found.push({ field, kind: "field" });
        return;
      }
      const links = rewriteLinks(value, move);
      if (links.count > 0) {
        node.value = links.text;
        rewritten = true;
        found.push({ field, kind: "link" });
      }
    }
  };
  walk(doc.contents as Node | null, schema, null);
  if (rewritten) return { text: doc.toString({ lineWidth: 0 }), found };
  let text = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return { text, found };
}

/** What every other content file becomes when `type/from` is renamed `to`, and where it named the entry. */
export function followRename(contentDir: string, type: CollectionName, from: string, to: string, origins: readonly string[]): Followed {
  const move: Move | null = hasOwnPage(type) ? { from: entryPath(type, from), to: entryPath(type, to), origins } : null;
  const slug = { from, to };
  const references: Followed["references"] = [];
  const writes = new Map<string, string>();
  const note = (path: string, refType: string, refSlug: string, title: string, found: readonly Found[]) => {
    const seen = new Set<string>();
    for (const f of found) {
      const key = `${f.kind}/${f.field}`;
      if (seen.has(key)) continue;
      seen.add(key);
      references.push({ type: refType, slug: refSlug, title, field: f.field, kind: f.kind, path });
    }
  };
  for (const [name, { folder }] of Object.entries(COLLECTION_CATALOG) as Array<[CollectionName, { folder: string }]>) {
    for (const entry of listSlugs(contentDir, name)) {
      if (name === type && (entry === from || entry === to)) continue;
      const path = `${folder}/${entry}.md`;
      const source = readFileSync(join(contentDir, path), "utf8");
      if (!source.includes(from)) continue;
      const match = FRONTMATTER.exec(source);
      if (!match) continue;
      const [, open = "", yaml = "", close = "", body = ""] = match;
      const schema = jsonSchema(name);
      const head = followYaml(yaml, schema, type, slug, move);
      const links = move ? rewriteLinks(body, move) : { text: body, count: 0 };
      const found = [...head.found, ...(links.count > 0 ? [{ field: settled(schema.properties?.body)?.title ?? "Текст", kind: "link" as const }] : [])];
      if (found.length === 0) continue;
      const values = (parseDocument(yaml).toJS() ?? {}) as Record<string, unknown>;
      note(path, name, entry, titleOf(values, entry), found);
      const text = open + head.text + close + links.text;
      if (text !== source) writes.set(path, text);
    }
  }
  for (const [name, { file, title }] of Object.entries(DOCUMENT_CATALOG)) {
    const at = join(contentDir, file);
    if (!existsSync(at)) continue;
    const source = readFileSync(at, "utf8");
    if (!source.includes(from)) continue;
    const followed = followYaml(source, jsonSchema(name as EditableType), type, slug, move);
    if (followed.found.length === 0) continue;
    note(file, name, "-", title, followed.found);
    if (followed.text !== source) writes.set(file, followed.text);
  }
  // Old addresses that led to the page lead to its new one, whether or not a 301 is added from it.
  const table = join(contentDir, REDIRECTS_FILE);
  if (move && existsSync(table)) {
    const source = readFileSync(table, "utf8");
    const text = source.replace(/^([^#\r\n][^,\r\n]*,\s*)([^,\r\n]*?)(\s*)$/gm, (line, head: string, to: string, tail: string) => (to === move.from ? head + move.to + tail : line));
    if (text !== source) writes.set(REDIRECTS_FILE, text);
  }
  return { references, writes };
}

const originsOf = (place: { origin?: string | undefined }) => (place.origin ? [place.origin] : []);

/** The other files a rename of `type/from` to `to` rewrites (path → text). */
export const followed = (place: { contentDir: string; origin?: string | undefined }, type: CollectionName, from: string, to: string) =>
  followRename(place.contentDir, type, from, to, originsOf(place)).writes;

/** Every place that names `type/slug`, as the rename panel lists it. */
export const linksTo = (place: { contentDir: string; origin?: string | undefined }, type: CollectionName, slug: string): Reference[] =>
  followRename(place.contentDir, type, slug, slug, originsOf(place)).references.map(({ path: _path, ...reference }) => reference);

/**
 * The references a release checks (references.ts), with the places only the
 * walk over files finds: links in texts, addresses in other fields.
 */
export function withLinks(checked: readonly Reference[], walked: readonly Reference[]): Reference[] {
  const known = new Set(checked.map((r) => `${r.type}/${r.slug}`));
  return [...checked, ...walked.filter((r) => r.kind === "link" || !known.has(`${r.type}/${r.slug}`))];
}

/**
 * A rename's site refusal said at the address field, where the person acts
 * (the check names other entries by title and field already).
 */
export function atAddress(error: unknown): unknown {
  if (!(error instanceof EntryInvalid) || error.problems.length === 0) return error;
  return new EntryInvalid(error.message, { ...error.errors, slug: `С\u00a0новым адресом сайт не\u00a0опубликовать: ${error.problems.join("; ")}` }, error.problems);
}
