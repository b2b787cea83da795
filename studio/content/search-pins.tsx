import { type ReactNode, useContext, useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { pinKey } from "#core/search/pins.ts";
import { FormState } from "./form-state.ts";
import { emptyValues, type FieldNode } from "./model.ts";
import { RepeatList } from "./repeat-list.tsx";

/**
 * The search's pinned pages: the ordinary list (a query and a page picked
 * from the site's), which «Поиск по сайту» opens with a query (`?pin=`): a
 * new pin starts with it, or the pin that already holds it opens, for the
 * editor to pick the page.
 */
type Props = {
  node: Extract<FieldNode, { kind: "list" }>;
  path: Array<string | number>;
  items: unknown[];
  renderItem(index: number, title: string): ReactNode;
};

const queryOf = (item: unknown) => (typeof item === "object" && item !== null ? String((item as { query?: unknown }).query ?? "") : "");
/** One query by the rule the schema refuses a second pin by (core/search/pins.ts): any case form and word order. */
const same = (a: string, b: string) => {
  const key = pinKey(a);
  return key !== "" && key === pinKey(b);
};

export function SearchPins({ node, path, items, renderItem }: Props) {
  const { change } = useContext(FormState);
  const [params] = useSearchParams();
  const query = (params.get("pin") ?? "").trim().slice(0, 100);
  const added = useRef(false);
  useEffect(() => {
    if (added.current || !query) return;
    added.current = true;
    const full = node.maxItems !== undefined && items.length >= node.maxItems;
    if (!full && !items.some((item) => same(queryOf(item), query))) change(path, [{ ...(emptyValues(node.item) as object), query }, ...items]);
  }, [query, items, node, change, path]);
  // The pin of the query brought here opens (the one just added, or the one that held it).
  const held = query ? items.findIndex((item) => same(queryOf(item), query)) : -1;
  return <RepeatList node={node} path={path} items={items} renderItem={renderItem} opened={held === -1 ? null : held} />;
}
