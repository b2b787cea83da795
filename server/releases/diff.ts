import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { changedFiles, fileAt } from "./history.ts";

/**
 * What a publication changed, for people who never read a patch: per file,
 * the fields whose value changed (before and after, as text) and the lines of
 * the text that were added or removed, with a little context.
 */
export type FieldChange = { field: string; before: string | null; after: string | null };
export type LineChange = { kind: "same" | "added" | "removed" | "gap"; text: string };
export type FileDiff = {
  path: string;
  status: "added" | "changed" | "removed";
  /** The entry's title or name when it has one, for the heading. */
  title: string | null;
  fields: FieldChange[];
  lines: LineChange[];
};

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
/** Unchanged lines shown around a change. */
const CONTEXT = 2;
/** Longer texts are compared paragraph by paragraph only up to this many lines a side. */
const MAX_LINES = 3_000;

type Parsed = { fields: Record<string, unknown>; text: string | null };

function parse(path: string, source: string | null): Parsed {
  if (source === null) return { fields: {}, text: null };
  try {
    if (path.endsWith(".md")) {
      const match = FRONTMATTER.exec(source);
      const data = match ? (parseYaml(match[1] ?? "") as unknown) : null;
      return { fields: typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {}, text: match ? (match[2] ?? "") : source };
    }
    if (path.endsWith(".yaml") || path.endsWith(".yml")) {
      const data = parseYaml(source) as unknown;
      return { fields: typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {}, text: null };
    }
  } catch {
    // A file that does not parse is shown line by line.
  }
  return { fields: {}, text: source };
}

const asText = (value: unknown): string | null =>
  value === undefined ? null : typeof value === "string" ? value : stringifyYaml(value).trimEnd();

function titleOf(fields: Record<string, unknown>): string | null {
  for (const key of ["title", "name", "heading", "question"]) if (typeof fields[key] === "string") return fields[key];
  return null;
}

/** Added and removed lines with CONTEXT lines around them (longest common subsequence). */
export function lineChanges(before: string, after: string): LineChange[] {
  const a = before.split("\n").slice(0, MAX_LINES);
  const b = after.split("\n").slice(0, MAX_LINES);
  const common: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i]![j] = a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const all: LineChange[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      all.push({ kind: "same", text: a[i]! });
      i++;
      j++;
    } else if (j < b.length && (i >= a.length || common[i]![j + 1]! >= common[i + 1]![j]!)) {
      all.push({ kind: "added", text: b[j]! });
      j++;
    } else {
      all.push({ kind: "removed", text: a[i]! });
      i++;
    }
  }
  const near = (k: number) => all.slice(Math.max(0, k - CONTEXT), k + CONTEXT + 1).some((line) => line.kind !== "same");
  const shown: LineChange[] = [];
  all.forEach((line, k) => {
    if (line.kind !== "same" || near(k)) shown.push(line);
    else if (shown.at(-1)?.kind !== "gap") shown.push({ kind: "gap", text: "" });
  });
  while (shown[0]?.kind === "gap") shown.shift();
  while (shown.at(-1)?.kind === "gap") shown.pop();
  return shown;
}

function fileDiff(path: string, status: string, before: string | null, after: string | null): FileDiff {
  const old = parse(path, before);
  const next = parse(path, after);
  const fields: FieldChange[] = [];
  for (const field of new Set([...Object.keys(old.fields), ...Object.keys(next.fields)])) {
    const a = asText(old.fields[field]);
    const b = asText(next.fields[field]);
    if (a !== b) fields.push({ field, before: a, after: b });
  }
  const lines = old.text === next.text ? [] : lineChanges(old.text ?? "", next.text ?? "");
  return {
    path,
    status: status === "A" ? "added" : status === "D" ? "removed" : "changed",
    title: titleOf(next.fields) ?? titleOf(old.fields),
    fields,
    lines,
  };
}

/** Every file changed between two commits of the content folder (`from` null: everything `to` added). */
export function contentDiff(dir: string, from: string | null, to: string): FileDiff[] {
  return changedFiles(dir, from, to).map(({ status, path }) =>
    fileDiff(path, status, from && status !== "A" ? fileAt(dir, from, path) : null, status === "D" ? null : fileAt(dir, to, path)),
  );
}
