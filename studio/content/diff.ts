import { diffWords } from "diff";
import type { FieldNode, ObjectNode, Option } from "./model.ts";

/**
 * Two versions of an entry as people read the difference: per changed field,
 * its label path from the schema («Результаты › № 2 › Значение»), and for
 * texts the changed words only (jsdiff, decision 032), long unchanged runs
 * collapsed to a little context around each change. Values that are not
 * text (choices, references, dates, yes/no) are shown before → after in
 * words: an option's label, a referenced entry's title, a Russian date.
 */
export type Part = { op: "same" | "added" | "removed" | "gap"; text: string };
export type FieldDiff =
  | { label: string; kind: "text"; parts: Part[] }
  | { label: string; kind: "value"; before: string | null; after: string | null };

/** Characters of unchanged text kept on each side of a change. */
export const CONTEXT_CHARS = 120;

/** Reference targets' titles by slug (the editor's options: services, cases, team…). */
export type Titles = Record<string, Option[]>;

const months = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"];

/** "2026-11-25" → «25 ноября 2026»; anything else as it is. */
function russianDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  return `${Number(match[3])} ${months[Number(match[2]) - 1] ?? ""} ${match[1]}`;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
const same = (a: unknown, b: unknown) => (isEmpty(a) && isEmpty(b)) || JSON.stringify(a) === JSON.stringify(b);

function shown(node: FieldNode, value: unknown, titles: Titles): string | null {
  if (isEmpty(value)) return null;
  const title = (target: string, slug: unknown) => titles[target]?.find((o) => o.value === String(slug))?.label ?? String(slug);
  switch (node.kind) {
    case "boolean":
      return value === true ? "да" : "нет";
    case "enum":
      return node.options.find((o) => o.value === String(value))?.label ?? String(value);
    case "reference":
      return title(node.target, value);
    case "references":
      return Array.isArray(value) ? value.map((v) => title(node.target, v)).join(", ") : String(value);
    case "tags":
      return Array.isArray(value) ? value.join(", ") : String(value);
    case "date":
    case "datetime":
      return russianDate(String(value));
    case "number":
      return typeof value === "number" ? value.toLocaleString("ru-RU") : String(value);
    default:
      return typeof value === "string" ? value : JSON.stringify(value);
  }
}

let segmenter: Intl.Segmenter | undefined;
/** Russian words as Intl segments them: jsdiff's own tokenizer takes only Latin letters for word characters. */
const words = () => (segmenter ??= new Intl.Segmenter("ru", { granularity: "word" }));

/** A word-level difference of two texts, unchanged runs longer than twice the context cut to its ends. */
export function textParts(before: string, after: string, context = CONTEXT_CHARS): Part[] {
  const parts: Part[] = [];
  const changes = diffWords(before, after, { intlSegmenter: words() });
  changes.forEach((change, i) => {
    const op = change.added ? "added" : change.removed ? "removed" : "same";
    if (op !== "same" || change.value.length <= context * 2 + 40) {
      parts.push({ op, text: change.value });
      return;
    }
    const first = i === 0;
    const last = i === changes.length - 1;
    // Cut at a space so no word is split; a whole paragraph between changes stays collapsed.
    const head = first ? "" : cutAfter(change.value, context);
    const tail = last ? "" : cutBefore(change.value, context);
    if (head) parts.push({ op: "same", text: head });
    parts.push({ op: "gap", text: change.value.slice(head.length, change.value.length - tail.length) });
    if (tail) parts.push({ op: "same", text: tail });
  });
  return parts;
}

function cutAfter(text: string, n: number): string {
  const space = text.indexOf(" ", n);
  const newline = text.indexOf("\n", 0);
  const end = newline >= 0 && newline < n ? newline : space < 0 ? n : space;
  return text.slice(0, end);
}

function cutBefore(text: string, n: number): string {
  const from = text.length - n;
  const newline = text.lastIndexOf("\n");
  const start = newline >= from ? newline + 1 : Math.max(text.lastIndexOf(" ", from) + 1, 0);
  return text.slice(start);
}

function isText(node: FieldNode): boolean {
  return node.kind === "text" || node.kind === "markdown";
}

/** The fields that differ between two versions, in the form's order, with their labels. */
export function entryDiff(model: ObjectNode, before: Record<string, unknown> | null, after: Record<string, unknown> | null, titles: Titles = {}): FieldDiff[] {
  const out: FieldDiff[] = [];
  walk(model, before ?? {}, after ?? {}, [], titles, out);
  // Keys a schema does not know (an older version's) are shown by their key.
  const known = new Set(model.fields.map(([key]) => key));
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    if (known.has(key) || same(before?.[key], after?.[key])) continue;
    out.push({ label: key, kind: "value", before: isEmpty(before?.[key]) ? null : JSON.stringify(before?.[key]), after: isEmpty(after?.[key]) ? null : JSON.stringify(after?.[key]) });
  }
  return out;
}

function walk(node: FieldNode, before: unknown, after: unknown, labels: string[], titles: Titles, out: FieldDiff[]): void {
  if (same(before, after)) return;
  const label = labels.join(" › ");
  if (node.kind === "object") {
    const a = (typeof before === "object" && before !== null ? before : {}) as Record<string, unknown>;
    const b = (typeof after === "object" && after !== null ? after : {}) as Record<string, unknown>;
    for (const [key, child] of node.fields) walk(child, a[key], b[key], [...labels, child.title], titles, out);
    return;
  }
  if (node.kind === "list" || node.kind === "strings") {
    const a = Array.isArray(before) ? before : [];
    const b = Array.isArray(after) ? after : [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const item = node.item;
      const itemLabels = [...labels, `№\u00a0${i + 1}`];
      if (i >= a.length || i >= b.length) {
        // A whole item added or removed: its texts in full, as one change.
        const gone = i >= b.length;
        out.push({ label: `${itemLabels.join(" › ")}: ${gone ? "удалён" : "добавлен"}`, kind: "value", before: gone ? summary(item, a[i], titles) : null, after: gone ? null : summary(item, b[i], titles) });
        continue;
      }
      walk(item, a[i], b[i], itemLabels, titles, out);
    }
    return;
  }
  if (isText(node) && typeof before === "string" && typeof after === "string" && before !== "" && after !== "") {
    out.push({ label, kind: "text", parts: textParts(before, after) });
    return;
  }
  out.push({ label, kind: "value", before: shown(node, before, titles), after: shown(node, after, titles) });
}

/** An item of a list in one line: its filled fields' values. */
function summary(node: FieldNode, value: unknown, titles: Titles): string {
  if (node.kind !== "object" || typeof value !== "object" || value === null) return shown(node, value, titles) ?? "—";
  return node.fields
    .map(([key, child]) => shown(child, (value as Record<string, unknown>)[key], titles))
    .filter((text): text is string => text !== null)
    .join(" · ");
}

/** A value of a field in words (an option's label, a Russian date, a list's items one per line); null when empty. */
export function valueText(node: FieldNode | undefined, value: unknown, titles: Titles = {}): string | null {
  if (isEmpty(value)) return null;
  if (!node) return typeof value === "string" ? value : JSON.stringify(value);
  if ((node.kind === "list" || node.kind === "strings") && Array.isArray(value)) return value.map((item) => summary(node.item, item, titles)).join("\n");
  if (node.kind === "object") return summary(node, value, titles);
  return shown(node, value, titles);
}
