import { plural } from "#core/lib/format.ts";
import type { FieldNode } from "./model.ts";

/**
 * The limit a field states under it (issue 54): «До 160 знаков», «От 50
 * до 200 знаков», «До 30 тегов». Read from the schema, so what the form
 * says is what the server refuses. Not said where nobody reaches it by
 * writing: a name's 80 characters, an address with a pattern of its own, a
 * picked value, a choice among existing entries.
 */
const SAID_FROM = 100;

// «до» takes the genitive: до 21 знака, до 22 знаков, до 160 знаков.
const count = (n: number, one: string, many: string) => `${n.toLocaleString("ru-RU")}\u00a0${plural(n, [one, many, many])}`;

const chars = (n: number) => count(n, "знака", "знаков");

export function limitHint(node: FieldNode): string | undefined {
  switch (node.kind) {
    case "markdown":
      return node.maxLength === undefined ? undefined : `До ${chars(node.maxLength)}`;
    case "text":
      if (node.maxLength === undefined || node.maxLength < SAID_FROM || node.pattern || node.widget) return undefined;
      return node.minLength > 1 ? `От ${node.minLength} до ${chars(node.maxLength)}` : `До ${chars(node.maxLength)}`;
    case "tags":
      return items(node, "тега", "тегов");
    case "strings":
    case "list":
      return items(node, "пункта", "пунктов");
    case "blocks":
      return items(node, "блока", "блоков");
    default:
      return undefined;
  }
}

function items(node: { maxItems: number | undefined; description: string | undefined }, one: string, many: string): string | undefined {
  if (node.maxItems === undefined) return undefined;
  // A limit the field's own description already gives («От 2 до 6 показателей») is not said twice.
  if (node.description?.includes(String(node.maxItems))) return undefined;
  return `До ${count(node.maxItems, one, many)}`;
}
