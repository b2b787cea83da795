import { diffArrays } from "diff";
import { type FieldNode, kindOf, type ObjectNode } from "./model.ts";

/**
 * A save made over a version a colleague has changed since, merged three
 * ways against the version both started from (issue 52, decision 037): a
 * field only one side changed is taken from that side; long texts merge by
 * block (paragraphs, lists, code kept whole) and lists by item, so two
 * people's edits of different paragraphs or items both stay; an item (a list's
 * group, a landing's block) both changed merges by its fields. Only what both
 * changed differently is left as a clash for the person to settle, and
 * nothing from either side is dropped unseen.
 *
 * Unlike git's diff3 (and node-diff3), edits that only touch — a paragraph
 * added right after one the other person changed, two paragraphs added at
 * the same place — are not clashes: both are kept, theirs first. In prose
 * that is what both people meant; git is strict because adjacent lines of
 * code depend on each other.
 */
export type Values = Record<string, unknown>;
export type Path = ReadonlyArray<string | number>;

/** What both changed differently at one place: a run of a text's blocks, a run of a list's items, or one value. */
export type Clash = {
  /** The field's labels from the schema («Этапы › № 2 › Название»). */
  label: string;
  kind: "blocks" | "items" | "value";
  /** Texts for "blocks" (the run joined), arrays for "items", the field's values for "value". */
  base: unknown;
  mine: unknown;
  theirs: unknown;
  /** "value" of a text field: the result can be typed by hand. */
  editable: boolean;
  /** The field's form node, to show its values in words (an option's label, a date). */
  node: FieldNode | undefined;
};

/** How a clash was settled: one side, both (theirs first), or a text typed by hand. */
export type Choice = { pick: "mine" | "theirs" | "both" } | { pick: "edit"; text: string };

export type Merge = {
  /** The merged entry, every clash as mine until settled (resolveMerge). */
  values: Values;
  clashes: Clash[];
  /** Labels of the fields where the colleague's changes were taken (any part of them). */
  taken: string[];
  /** Rebuilds the entry with each clash settled as chosen (by index). */
  resolve(choices: ReadonlyArray<Choice>): Values;
};

const key = (value: unknown) => JSON.stringify(value ?? null);
const same = (a: unknown, b: unknown) => key(a) === key(b);

/** A segment of a merged sequence: agreed items, or a clash (by index) to fill in. */
type Segment<T> = { ok: T[] } | { clash: number; base: T[]; mine: T[]; theirs: T[] };
type Hunk<T> = { side: "mine" | "theirs"; start: number; end: number; items: T[] };

/** The runs of `side` that differ from `base`: where in base (start, end) and what replaces them. */
function hunks<T>(base: T[], side: T[], name: Hunk<T>["side"], keyOf: (item: T) => string): Hunk<T>[] {
  const out: Hunk<T>[] = [];
  let at = 0;
  let open: Hunk<T> | null = null;
  const changes = diffArrays(base.map(keyOf), side.map(keyOf));
  let sideAt = 0;
  for (const change of changes) {
    const count = change.count ?? change.value.length;
    if (!change.added && !change.removed) {
      if (open) out.push(open);
      open = null;
      at += count;
      sideAt += count;
      continue;
    }
    open ??= { side: name, start: at, end: at, items: [] };
    if (change.removed) {
      at += count;
      open.end = at;
    } else {
      open.items.push(...side.slice(sideAt, sideAt + count));
      sideAt += count;
    }
  }
  if (open) out.push(open);
  return out;
}

/** Whether two hunks change the same part of base (touching is not overlapping; two insertions never do). */
function overlap<T>(a: Hunk<T>, b: Hunk<T>): boolean {
  const aEmpty = a.start === a.end;
  const bEmpty = b.start === b.end;
  if (aEmpty && bEmpty) return false;
  if (aEmpty) return b.start < a.start && a.start < b.end;
  if (bEmpty) return a.start < b.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
}

/** `base[start, end)` with the hunks (all inside it) applied. */
function applied<T>(base: T[], start: number, end: number, within: Hunk<T>[]): T[] {
  const out: T[] = [];
  let at = start;
  for (const hunk of within) {
    out.push(...base.slice(at, hunk.start), ...hunk.items);
    at = hunk.end;
  }
  out.push(...base.slice(at, end));
  return out;
}

/** A three-way merge of sequences (a text's blocks, a list's items); clashes numbered from `next`. */
export function mergeSequence<T>(base: T[], mine: T[], theirs: T[], keyOf: (item: T) => string, next = 0): Segment<T>[] {
  // Sorted by where they start; at one place an insertion before a replacement, theirs before mine.
  const all = [...hunks(base, theirs, "theirs", keyOf), ...hunks(base, mine, "mine", keyOf)].sort(
    (a, b) => a.start - b.start || (a.end === a.start ? 0 : 1) - (b.end === b.start ? 0 : 1) || (a.side === "theirs" ? 0 : 1) - (b.side === "theirs" ? 0 : 1),
  );
  const out: Segment<T>[] = [];
  const push = (items: T[]) => {
    if (items.length === 0) return;
    const last = out.at(-1);
    if (last && "ok" in last) last.ok.push(...items);
    else out.push({ ok: [...items] });
  };
  let at = 0;
  let previous: Hunk<T> | null = null;
  for (let i = 0; i < all.length; ) {
    const region = [all[i] as Hunk<T>];
    let j = i + 1;
    while (j < all.length && region.some((h) => overlap(h, all[j] as Hunk<T>))) region.push(all[j++] as Hunk<T>);
    i = j;
    const start = Math.min(...region.map((h) => h.start));
    const end = Math.max(...region.map((h) => h.end));
    push(base.slice(at, start));
    at = Math.max(at, end);
    if (region.length === 1) {
      const [hunk] = region as [Hunk<T>];
      // The same paragraph added at the same place by both: once.
      const twin = previous && previous.side !== hunk.side && previous.start === hunk.start && previous.end === hunk.end && same(previous.items.map(keyOf), hunk.items.map(keyOf));
      if (!twin) push(hunk.items);
      previous = hunk;
      continue;
    }
    previous = null;
    const byMine = applied(base, start, end, region.filter((h) => h.side === "mine"));
    const byTheirs = applied(base, start, end, region.filter((h) => h.side === "theirs"));
    if (same(byMine.map(keyOf), byTheirs.map(keyOf))) push(byMine);
    else out.push({ clash: next++, base: base.slice(start, end), mine: byMine, theirs: byTheirs });
  }
  push(base.slice(at));
  return out;
}

/**
 * A Markdown text's blocks: runs of lines between blank lines, a fenced code
 * block whole (its blank lines inside it). Joined back with one blank line.
 */
export function blocksOf(text: string): string[] {
  const blocks: string[] = [];
  let lines: string[] = [];
  let fence: string | null = null;
  for (const line of text.split("\n")) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) fence = fence === null ? marker : null;
    if (fence === null && line.trim() === "") {
      if (lines.length > 0) blocks.push(lines.join("\n"));
      lines = [];
    } else lines.push(line);
  }
  if (lines.length > 0) blocks.push(lines.join("\n"));
  return blocks;
}

const joinBlocks = (blocks: string[], like: string) => blocks.join("\n\n") + (like.endsWith("\n") ? "\n" : "");

/** Settles one clash's part. */
function chosen<T>(clash: { mine: T[]; theirs: T[] }, choice: Choice | undefined, fromText: (text: string) => T[]): T[] {
  if (!choice) return clash.mine;
  if (choice.pick === "edit") return fromText(choice.text);
  if (choice.pick === "theirs") return clash.theirs;
  return choice.pick === "both" ? [...clash.theirs, ...clash.mine] : clash.mine;
}

/** Where the merge of one field ends up: a value, or a sequence with clashes to fill in later. */
type Built = { value: unknown; rebuild?: (choices: ReadonlyArray<Choice>) => unknown };

/** `baseKnown`: false when the version the editor started from is not known (a draft older than the history kept). */
type Context = { clashes: Clash[]; taken: Set<string>; topLabel: string; baseKnown: boolean };

function mergeField(node: FieldNode | undefined, base: unknown, mine: unknown, theirs: unknown, label: string, ctx: Context): Built {
  if (same(mine, theirs)) return { value: mine };
  if (ctx.baseKnown && same(base, mine)) {
    ctx.taken.add(ctx.topLabel);
    return { value: theirs };
  }
  if (ctx.baseKnown && same(base, theirs)) return { value: mine };
  const isRecord = (value: unknown): value is Values => typeof value === "object" && value !== null && !Array.isArray(value);
  if (node?.kind === "object" && isRecord(mine) && isRecord(theirs)) {
    return mergeRecord(node.fields, isRecord(base) ? base : {}, mine, theirs, ctx, (k, child) => `${label} › ${child?.title ?? k}`);
  }
  // Tags and references are sets: what either side added stays, what either removed goes.
  if ((node?.kind === "tags" || node?.kind === "references") && Array.isArray(mine) && Array.isArray(theirs)) {
    const b = Array.isArray(base) ? base.map(key) : [];
    const mineKeys = new Set(mine.map(key));
    const removedByMine = new Set(b.filter((k) => !mineKeys.has(k)));
    const kept = theirs.filter((item) => !removedByMine.has(key(item)));
    const keptKeys = new Set(kept.map(key));
    const theirsKeys = new Set(theirs.map(key));
    // Added by me: not in base; an item they removed and I kept unchanged stays removed.
    const added = mine.filter((item) => !keptKeys.has(key(item)) && !b.includes(key(item)) && !theirsKeys.has(key(item)));
    ctx.taken.add(ctx.topLabel);
    return { value: [...kept, ...added] };
  }
  // Without the starting version a text or a list cannot be told apart by who changed what: whole values, side by side.
  if (!ctx.baseKnown) return valueClash(node, base, mine, theirs, label, ctx);
  if ((node?.kind === "list" || node?.kind === "strings" || node?.kind === "blocks") && Array.isArray(mine) && Array.isArray(theirs)) {
    const b = Array.isArray(base) ? base : [];
    return sequence(b, mine, theirs, key, (items) => items, (text) => JSON.parse(text) as unknown[], "items", label, ctx, false, node, itemFields(node));
  }
  if (node?.kind === "markdown" || (node?.kind === "text" && node.long)) {
    if (typeof mine === "string" && typeof theirs === "string") {
      const b = typeof base === "string" ? base : "";
      return sequence(blocksOf(b), blocksOf(mine), blocksOf(theirs), (s) => s, (blocks) => joinBlocks(blocks, mine), blocksOf, "blocks", label, ctx, true, node);
    }
  }
  return valueClash(node, base, mine, theirs, label, ctx);
}

function valueClash(node: FieldNode | undefined, base: unknown, mine: unknown, theirs: unknown, label: string, ctx: Context): Built {
  const index = ctx.clashes.length;
  ctx.clashes.push({ label, kind: "value", base: ctx.baseKnown ? base : undefined, mine, theirs, editable: node?.kind === "text" || node?.kind === "markdown", node });
  return {
    value: mine,
    rebuild: (choices) => {
      const choice = choices[index];
      if (!choice || choice.pick === "mine") return mine;
      if (choice.pick === "theirs") return theirs;
      return choice.pick === "edit" ? choice.text : mine;
    },
  };
}

/**
 * The fields of one item both sides changed, when the item can be merged field by field: a list's
 * item (its object), a block that is of the same kind in all three versions (its kind's fields),
 * with the item's name for the clash's label («Блоки › Первый экран › Заголовок»).
 */
type ItemFields = (base: unknown, mine: unknown, theirs: unknown, position: number) => { fields: ObjectNode["fields"]; label: string } | null;

function itemFields(node: FieldNode): ItemFields | undefined {
  const isRecord = (value: unknown): value is Values => typeof value === "object" && value !== null && !Array.isArray(value);
  if (node.kind === "list") return (b, m, t, position) => (isRecord(b) && isRecord(m) && isRecord(t) ? { fields: node.item.fields, label: `№\u00a0${position + 1}` } : null);
  if (node.kind === "blocks") {
    return (b, m, t, position) => {
      const kind = kindOf(node, m);
      return kind && kindOf(node, b) === kind && kindOf(node, t) === kind ? { fields: kind.item.fields, label: `№\u00a0${position + 1}, ${kind.item.title}` } : null;
    };
  }
  return undefined;
}

/** A merged sequence's part: agreed items, one item merged field by field, or a clash (by its index in the context). */
type Part<T> = { ok: T[] } | { one: Built } | { clash: number; mine: T[]; theirs: T[] };

function sequence<T>(
  base: T[],
  mine: T[],
  theirs: T[],
  keyOf: (item: T) => string,
  finish: (items: T[]) => unknown,
  fromText: (text: string) => T[],
  kind: "blocks" | "items",
  label: string,
  ctx: Context,
  text: boolean,
  node: FieldNode | undefined,
  fieldsOf?: ItemFields,
): Built {
  const show = (items: T[]) => (text ? (items as string[]).join("\n\n") : items);
  let position = 0;
  const clash = (b: T[], m: T[], t: T[]): Part<T> => {
    ctx.clashes.push({ label, kind, base: show(b), mine: show(m), theirs: show(t), editable: text, node });
    return { clash: ctx.clashes.length - 1, mine: m, theirs: t };
  };
  const parts = mergeSequence(base, mine, theirs, keyOf).flatMap((segment): Part<T>[] => {
    if ("ok" in segment) {
      position += segment.ok.length;
      return [segment];
    }
    position += segment.mine.length;
    const n = segment.base.length;
    // A run of items insertions and deletions left alone, where both changed some (a block's title by
    // one, the next block's heading and its button by the other): merged item by item, by their fields.
    if (!fieldsOf || n === 0 || segment.mine.length !== n || segment.theirs.length !== n) return [clash(segment.base, segment.mine, segment.theirs)];
    const at = position - n;
    return segment.base.map((b, i): Part<T> => {
      const [m, t] = [segment.mine[i] as T, segment.theirs[i] as T];
      if (same(m, t) || same(b, t)) return { ok: [m] };
      if (same(b, m)) return { ok: [t] };
      const one = fieldsOf(b, m, t, at + i);
      return one ? { one: mergeRecord(one.fields, b as Values, m as Values, t as Values, ctx, (k, child) => `${label} › ${one.label} › ${child?.title ?? k}`) } : clash([b], [m], [t]);
    });
  });
  const build = (choices?: ReadonlyArray<Choice>) =>
    finish(parts.flatMap((p) => ("ok" in p ? p.ok : "one" in p ? [(choices && p.one.rebuild ? p.one.rebuild(choices) : p.one.value) as T] : chosen(p, choices?.[p.clash], fromText))));
  const value = build();
  // Anything of theirs in the result: the field is named as taken.
  if (!same(value, finish(mine))) ctx.taken.add(ctx.topLabel);
  return { value, rebuild: parts.some((p) => "clash" in p || ("one" in p && p.one.rebuild)) ? (choices) => build(choices) : undefined };
}

/**
 * Merges `mine` and `theirs` against `base` (the version the editor started
 * from), field by field in the form's order. Fields the schema does not know
 * are merged as whole values. Without `base` (null) every field that differs
 * is a clash of whole values, as before the merge existed.
 */
export function mergeEntry(model: ObjectNode, known: Values | null, mine: Values, theirs: Values): Merge {
  const base = known ?? {};
  const ctx: Context = { clashes: [], taken: new Set(), topLabel: "", baseKnown: known !== null };
  // Each top field names what is taken from the colleague's version.
  const built = mergeRecord(model.fields, base, mine, theirs, ctx, (k, node) => (ctx.topLabel = node?.title ?? k));
  const values = built.value as Values;
  return { values, clashes: ctx.clashes, taken: [...ctx.taken], resolve: (choices) => (built.rebuild ? (built.rebuild(choices) as Values) : values) };
}

/** Records merged key by key: the form's keys in its order, then any others (an older version's). */
function mergeRecord(fields: ObjectNode["fields"], base: Values, mine: Values, theirs: Values, ctx: Context, labelOf: (key: string, node: FieldNode | undefined) => string): Built {
  const parts = new Map<string, Built>();
  const known = fields.map(([k]) => k);
  for (const k of [...known, ...Object.keys({ ...base, ...mine, ...theirs }).filter((k) => !known.includes(k))]) {
    const node = fields.find(([f]) => f === k)?.[1];
    parts.set(k, mergeField(node, base[k], mine[k], theirs[k], labelOf(k, node), ctx));
  }
  const assemble = (choices?: ReadonlyArray<Choice>) => {
    const out: Values = {};
    for (const [k, part] of parts) {
      const value = choices && part.rebuild ? part.rebuild(choices) : part.value;
      if (value !== undefined) out[k] = value;
    }
    return out;
  };
  return { value: assemble(), rebuild: [...parts.values()].some((p) => p.rebuild) ? assemble : undefined };
}
