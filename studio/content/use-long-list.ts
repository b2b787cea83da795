import { useContext, useId, useState } from "react";
import { FormState } from "./form-state.ts";
import { limitHint } from "./limit-hint.ts";
import { emptyValues, type FieldNode, pathKey } from "./model.ts";

const PAGE = 25;

export type LongListNode = Extract<FieldNode, { kind: "list" }>;

/** A row in one line: its texts joined by arrows ("/old/ → /new/"). */
export function summary(item: unknown): string {
  if (typeof item !== "object" || item === null) return String(item ?? "");
  const texts = Object.values(item).filter((v): v is string | number => (typeof v === "string" && v !== "") || typeof v === "number");
  return texts.map(String).join(" → ") || "(пустая строка)";
}

const matches = (item: unknown, q: string) => summary(item).toLowerCase().includes(q);

/** The state of a list too long for one form (long-list.tsx): the search, the page, the row opened, the row just deleted. */
export function useLongList(node: LongListNode, path: Array<string | number>, items: unknown[]) {
  const { errors, change } = useContext(FormState);
  const id = useId();
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const [removed, setRemoved] = useState<{ item: unknown; index: number } | null>(null);
  const prefix = `${pathKey(path)}.`;
  const withErrors = [...new Set(Object.keys(errors).filter((k) => k.startsWith(prefix)).map((k) => Number(k.slice(prefix.length).split(".")[0])))].sort((a, b) => a - b);
  const firstError = withErrors[0];
  // A refused save (new errors): the first row with an error comes into view, opened.
  const [seenErrors, setSeenErrors] = useState(errors);
  if (seenErrors !== errors) {
    setSeenErrors(errors);
    if (firstError !== undefined) {
      setQuery("");
      setPage(Math.floor(firstError / PAGE));
      setOpen(firstError);
    }
  }
  const q = query.trim().toLowerCase();
  const found = items.map((item, index) => ({ item, index })).filter(({ item, index }) => !q || matches(item, q) || index === open);
  const pages = Math.max(1, Math.ceil(found.length / PAGE));
  const current = Math.min(page, pages - 1);
  const shown = found.slice(current * PAGE, current * PAGE + PAGE);
  const itemTitle = node.item.title === "Пункт" || node.item.title === node.title ? "Строка" : node.item.title;
  const hint = [node.description, limitHint(node)].filter(Boolean).join(". ");

  const add = () => {
    change(path, [emptyValues(node.item), ...items]);
    setQuery("");
    setPage(0);
    setOpen(0);
  };
  const remove = (index: number) => {
    setRemoved({ item: items[index], index });
    setOpen(null);
    change(
      path,
      items.filter((_, i) => i !== index),
    );
  };
  /** The row just deleted put back where it was. */
  const restore = (back: { item: unknown; index: number }) => {
    change(path, [...items.slice(0, back.index), back.item, ...items.slice(back.index)]);
    setRemoved(null);
  };

  return { errors, id, query, setQuery, setPage, open, setOpen, removed, withErrors, q, found, pages, current, shown, itemTitle, hint, add, remove, restore };
}
