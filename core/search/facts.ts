/**
 * The facts of an entry that its schema says are searched (`x-search`, core/content/fields.ts),
 * as blocks of text with the part of the page they count as: a vacancy's city and format, a
 * case's industry and services, the company's awards, the office's address. Read from the
 * content, not the page, so a fact counts for what its field weighs wherever the page shows it.
 * Pure: the caller says how a reference reads (an industry's name for its slug).
 */
import { parse } from "node-html-parser";
import { type SchemaJson, schemaJson } from "../content/labels.ts";
import type { EditableType } from "../content/catalog.ts";
import type { SearchWeight } from "../content/fields.ts";

type Json = SchemaJson & {
  type?: string;
  enum?: unknown[];
  contentMediaType?: string;
  "x-labels"?: Record<string, string>;
  "x-search"?: SearchWeight;
};

export type Fact = { part: SearchWeight; text: string };
/** The name of the entry `slug` of `target` (a reference's text), or undefined when there is none. */
export type TitleOf = (target: string, slug: string) => string | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
/** The optional or nullable wrapper's own shape. */
const plain = (node: Json): Json => ((node.anyOf as Json[] | undefined)?.find((a) => a.properties || a.items || a.type) as Json | undefined) ?? node;

/** Every searched fact of `value`, an entry of `type` as loaded (Markdown fields hold HTML). */
export function searchedFacts(type: EditableType, value: unknown, titleOf: TitleOf): Fact[] {
  const facts: Fact[] = [];
  const visit = (node: Json, v: unknown) => {
    if (v === undefined || v === null) return;
    const shape = plain(node);
    const part = node["x-search"] ?? shape["x-search"];
    if (part) {
      // A list searched is a block per item; anything else is one block.
      const items = Array.isArray(v) && shape.items ? v.map((item) => leaves(shape.items as Json, item, titleOf)) : [leaves(node, v, titleOf, true)];
      for (const words of items) {
        const text = words.join(", ").trim();
        if (text) facts.push({ part, text });
      }
      return;
    }
    if (shape.properties && isObject(v)) for (const [key, child] of Object.entries(shape.properties)) visit(child as Json, v[key]);
    else if (shape.items && Array.isArray(v)) for (const item of v) visit(shape.items as Json, item);
  };
  visit(schemaJson(type) as Json, value);
  return facts;
}

/** The texts a value reads as: an option's label, a reference's name, a text without its markup. */
function leaves(node: Json, v: unknown, titleOf: TitleOf, alone = false): string[] {
  const shape = plain(node);
  if (v === undefined || v === null || typeof v === "boolean") return [];
  // A number alone says nothing without its field's name: «Год основания 2012».
  if (typeof v === "number") return [alone && (node.title ?? shape.title) ? `${node.title ?? shape.title} ${v}` : String(v)];
  if (typeof v === "string") {
    const target = node["x-reference"] ?? shape["x-reference"];
    if (target) return [titleOf(target, v) ?? ""];
    const labels = node["x-labels"] ?? shape["x-labels"];
    if (labels && shape.enum) return [labels[v] ?? v];
    if (shape.contentMediaType === "text/markdown" || node.contentMediaType === "text/markdown") return [parse(v).structuredText.replace(/\s+/g, " ")];
    // Nor do figures and short marks alone («Пн–Пт, 9:00–18:00»): «Часы работы Пн–Пт, 9:00–18:00».
    const title = node.title ?? shape.title;
    return [title && !/\p{L}{3}/u.test(v) ? `${title} ${v}` : v];
  }
  if (Array.isArray(v)) return shape.items ? v.flatMap((item) => leaves(shape.items as Json, item, titleOf)) : [];
  if (isObject(v) && shape.properties) return Object.entries(shape.properties).flatMap(([key, child]) => leaves(child as Json, v[key], titleOf));
  return [];
}
