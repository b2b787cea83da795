import { type InputRule, inputRules, textblockTypeInputRule, wrappingInputRule } from "prosemirror-inputrules";
import type { Plugin } from "prosemirror-state";
import { CODE_LANGUAGES } from "../code-languages.ts";
import { schema } from "./markdown.ts";

/**
 * What people who know Markdown (or Google Docs, Notion) type at the start of
 * a line becomes the block at once: «## » a heading, «- » a list, «1. » a
 * numbered list, «> » a quote, «```sql » code in its language. Backspace
 * right after takes it back to the typed characters (undoInputRule in the
 * editor's keymap). Headings start at the second level: the first is the
 * page's title.
 */
const { nodes } = schema;

const rules: InputRule[] = [
  textblockTypeInputRule(/^(#{1,4})\s$/, nodes.heading, (match) => ({ level: Math.max(2, match[1]?.length ?? 2) })),
  wrappingInputRule(/^\s*>\s$/, nodes.blockquote),
  // Tight, as the toolbar makes them and the site's texts write them.
  wrappingInputRule(/^\s*([-+*])\s$/, nodes.bullet_list, { tight: true }),
  wrappingInputRule(
    /^(\d+)\.\s$/,
    nodes.ordered_list,
    (match) => ({ order: Number(match[1]), tight: true }),
    (match, node) => node.childCount + (node.attrs.order as number) === Number(match[1]),
  ),
  textblockTypeInputRule(/^```([a-z]*)\s$/, nodes.code_block, (match) => ({ params: CODE_LANGUAGES.includes(match[1] ?? "") ? match[1] : "" })),
];

export const markdownShortcuts = (): Plugin => inputRules({ rules });
