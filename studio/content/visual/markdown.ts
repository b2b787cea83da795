import MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import { type Mark, Schema, type Node as ProseNode, type NodeSpec } from "prosemirror-model";
import { markdownImage } from "#core/studio/media-api.ts";
import { defaultMarkdownParser, defaultMarkdownSerializer, MarkdownParser, MarkdownSerializer, type MarkdownSerializerState, schema as baseSchema } from "prosemirror-markdown";

/**
 * The visual editor's document model and its Markdown on both sides (decision 033).
 * Markdown stays the stored text: it is parsed into this schema when a field opens
 * and written back on every edit. What the schema has no node for (raw HTML, and
 * any block markdown-it reads but we do not model) becomes a `raw_block` holding
 * its source lines untouched, so nothing of a text is ever dropped.
 */

const cellAttrs = { align: { default: null as string | null } };
const cell = (tag: "td" | "th"): NodeSpec => ({
  content: "inline*",
  attrs: cellAttrs,
  isolating: true,
  tableRole: tag === "th" ? "header_cell" : "cell",
  parseDOM: [{ tag, getAttrs: (dom) => ({ align: (dom as HTMLElement).style?.textAlign || (dom as HTMLElement).getAttribute("align") || null }) }],
  toDOM: (node) => [tag, node.attrs.align ? { "data-align": node.attrs.align } : {}, 0],
});

type NodeName = "doc" | "paragraph" | "blockquote" | "horizontal_rule" | "heading" | "code_block" | "ordered_list" | "bullet_list" | "list_item" | "text" | "image" | "hard_break" | "table" | "table_row" | "table_header" | "table_cell" | "raw_block";
type MarkName = "em" | "strong" | "link" | "code" | "strike";

export const schema: Schema<NodeName, MarkName> = new Schema<NodeName, MarkName>({
  nodes: baseSchema.spec.nodes
    .update("code_block", { ...baseSchema.spec.nodes.get("code_block"), attrs: { params: { default: "" } } } as NodeSpec)
    .append({
      table: { content: "table_row+", group: "block", isolating: true, tableRole: "table", parseDOM: [{ tag: "table" }], toDOM: () => ["table", ["tbody", 0]] },
      table_row: { content: "(table_header | table_cell)+", tableRole: "row", parseDOM: [{ tag: "tr" }], toDOM: () => ["tr", 0] },
      table_header: cell("th"),
      table_cell: cell("td"),
      raw_block: {
        content: "text*",
        group: "block",
        code: true,
        marks: "",
        defining: true,
        // Never made from pasted HTML: only what the Markdown had and we do not model.
        parseDOM: [],
        toDOM: () => ["pre", { class: "s-visual__raw", "data-raw": "", title: "Блок Markdown: показан как есть" }, ["code", 0]],
      },
    }),
  marks: baseSchema.spec.marks.addToEnd("strike", { parseDOM: [{ tag: "s" }, { tag: "del" }, { tag: "strike" }], toDOM: () => ["del", 0] }),
});

const markdownIt = MarkdownIt("commonmark", { html: true }).enable(["table", "strikethrough"]);

function alignOf(token: Token): string | null {
  const style = token.attrGet("style") ?? "";
  return /text-align:\s*(left|center|right)/.exec(style)?.[1] ?? null;
}

/** markdown-it stops reading blocks this deep (its nesting limit): what lies deeper is not in the tokens. */
const DEEPEST = ((markdownIt.options as { maxNesting?: number }).maxNesting ?? 20) - 1;

/**
 * Whether the parser below has a node or a mark for every token of a top-level block, at any
 * depth. An HTML block in a quote or a list (`> <div>`), or any block markdown-it may read that we
 * do not model, would make the parser throw, and the entry could not be opened; a block nested to
 * markdown-it's limit has lost its innermost text. Either is kept whole as its source instead.
 * Inline HTML is read as its literal text (see tokenize).
 */
function modelled(tokens: readonly Token[], inline = false): boolean {
  const handlers = (parser as unknown as { tokenHandlers: Record<string, unknown> }).tokenHandlers;
  // An image's children are its description, read as plain text whatever they hold (escapes, entities: see `image` below).
  return tokens.every(
    (token) => (token.type === "html_inline" || token.type in handlers) && (inline || token.level < DEEPEST) && (token.type === "image" || modelled(token.children ?? [], true)),
  );
}

/** Index of the token that closes the top-level block opened at `start` (itself when it opens nothing). */
function blockEnd(tokens: readonly Token[], start: number): number {
  if (tokens[start]!.nesting !== 1) return start;
  let end = start + 1;
  while (end < tokens.length && !(tokens[end]!.level === 0 && tokens[end]!.nesting === -1)) end++;
  return Math.min(end, tokens.length - 1);
}

/**
 * markdown-it's tokens with every top-level block holding a token we do not model replaced by
 * one `raw_block` token of the source lines it came from (so it is written back byte for byte).
 */
function tokenize(source: string, env: object = {}): Token[] {
  const lines = source.split("\n");
  const tokens = markdownIt.parse(source, env);
  const result: Token[] = [];
  for (let start = 0; start < tokens.length; start++) {
    const end = blockEnd(tokens, start);
    const block = tokens.slice(start, end + 1);
    const map = tokens[start]!.map;
    if (!modelled(block) && map) {
      const raw = new (tokens[start]!.constructor as typeof Token)("raw_block", "", 0);
      raw.content = lines.slice(map[0], map[1]).join("\n").replace(/\n+$/, "");
      raw.map = map;
      result.push(raw);
    } else {
      // Inline HTML stays as its literal text: shown as typed, written back unescaped.
      // (One by one: a list of thousands of items is more tokens than a call may take as arguments.)
      for (const token of block) {
        for (const child of token.children ?? []) if (child.type === "html_inline") child.type = "text";
        result.push(token);
      }
    }
    start = end;
  }
  return result;
}

/** The tokens of the text being parsed now (parseMarkdown reads them too, to know where each block came from). */
let parsing: Token[] | null = null;

const parser = new MarkdownParser(schema, { parse: (source: string) => parsing ?? tokenize(source) } as unknown as MarkdownIt, {
  ...defaultMarkdownParser.tokens,
  fence: { block: "code_block", getAttrs: (token) => ({ params: token.info.trim() }), noCloseToken: true },
  table: { block: "table" },
  thead: { ignore: true },
  tbody: { ignore: true },
  tr: { block: "table_row" },
  th: { block: "table_header", getAttrs: (token) => ({ align: alignOf(token) }) },
  td: { block: "table_cell", getAttrs: (token) => ({ align: alignOf(token) }) },
  s: { mark: "strike" },
  raw_block: { block: "raw_block", noCloseToken: true },
  // An image's description whole (prosemirror-markdown keeps only its first piece: `\*` or `&#91;` would cut it there).
  image: { node: "image", getAttrs: (token) => ({ src: token.attrGet("src"), title: token.attrGet("title") || null, alt: plainText(token.children ?? []) || null }) },
});

/** Inline tokens as the plain text an alt attribute holds (markdown-it's own renderInlineAsText, breaks as spaces). */
function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => (token.type === "image" ? plainText(token.children ?? []) : token.type === "softbreak" || token.type === "hardbreak" ? " " : ["text", "text_special", "code_inline", "html_inline"].includes(token.type) ? token.content : ""))
    .join("");
}

// A line break inside a paragraph stays one (the site keeps it in its HTML; a space would change that).
(parser as unknown as { tokenHandlers: Record<string, (state: { addText: (text: string) => void }) => void> }).tokenHandlers.softbreak = (state) => state.addText("\n");

function cellText(state: MarkdownSerializerState, cellNode: ProseNode): string {
  // Rendered into a buffer of its own: no pending blank line, no quote or list prefix.
  const inner = state as unknown as { out: string; delim: string };
  const [out, delim] = [inner.out, inner.delim];
  inner.out = "";
  inner.delim = "";
  state.renderInline(cellNode);
  const text = inner.out;
  [inner.out, inner.delim] = [out, delim];
  return text.replace(/\n/g, " ").replace(/\|/g, "\\|").trim();
}

/**
 * Italic as the content writes it, `_…_`, except next to a letter or digit, where
 * only `*…*` works (`слово_курсив_` is no emphasis). `from` is the first node of the
 * run (opening, direction 1) or the first after it (closing, -1); both ends decide alike.
 */
function emphasisMarker(mark: Mark, parent: ProseNode, from: number, direction: 1 | -1): string {
  const has = (i: number) => i >= 0 && i < parent.childCount && mark.isInSet(parent.child(i).marks);
  let [start, end] = [from, from];
  if (direction === 1) while (has(end)) end++;
  else while (has(start - 1)) start--;
  const before = start > 0 ? (parent.child(start - 1).text ?? "").slice(-1) : "";
  const after = end < parent.childCount ? (parent.child(end).text ?? "").slice(0, 1) : "";
  return /[\p{L}\p{N}]/u.test(before + after) ? "*" : "_";
}

const SEPARATOR: Record<string, string> = { left: ":---", center: ":---:", right: "---:" };

const serializer = new MarkdownSerializer(
  {
    ...defaultMarkdownSerializer.nodes,
    // The content's own style: `-` for bullets, so an edited text differs from its file only where it was edited.
    bullet_list(state, node) {
      state.renderList(node, "  ", () => "- ");
    },
    table(state, node) {
      // The blank line after the block before must be written before cells are rendered aside.
      state.write("");
      node.forEach((row, _offset, index) => {
        const cells: string[] = [];
        row.forEach((cellNode) => cells.push(cellText(state, cellNode)));
        state.write(`| ${cells.join(" | ")} |`);
        state.ensureNewLine();
        if (index === 0) {
          const aligns: string[] = [];
          row.forEach((cellNode) => aligns.push(SEPARATOR[cellNode.attrs.align as string] ?? "---"));
          state.write(`| ${aligns.join(" | ")} |`);
          state.ensureNewLine();
        }
      });
      state.closeBlock(node);
    },
    // An image's description, from «Медиа» or typed, stays its description: one line, Markdown and HTML escaped.
    image(state, node) {
      state.write(markdownImage(String(node.attrs.alt ?? ""), String(node.attrs.src), node.attrs.title as string | null));
    },
    table_row() {},
    table_header() {},
    table_cell() {},
    raw_block(state, node) {
      state.text(node.textContent, false);
      state.ensureNewLine();
      state.closeBlock(node);
    },
  },
  { ...defaultMarkdownSerializer.marks, em: { open: (_s, mark, parent, index) => emphasisMarker(mark, parent, index, 1), close: (_s, mark, parent, index) => emphasisMarker(mark, parent, index, -1), mixable: true, expelEnclosingWhitespace: true }, strike: { open: "~~", close: "~~", mixable: true, expelEnclosingWhitespace: true } },
);

/**
 * Where each top-level block of a parsed text came from: its source text, the
 * text up to the next block, and that block. ProseMirror keeps an untouched
 * node the same object across edits, so a block nobody edited is written back
 * as it was read, and an edit rewrites only the blocks it touched (the file's
 * history shows that edit, not a restyling of the whole text).
 */
type ReadFrom = { text: string; gap: string; previous: ProseNode | null; next: ProseNode | null; suffix: string };
const readFrom = new WeakMap<ProseNode, ReadFrom>();
const sourceOf = new WeakMap<ProseNode, string>();

/** A top-level block's opening token: one per child of the document. */
const opensBlock = (token: Token) => token.level === 0 && (token.nesting === 1 || (token.nesting === 0 && token.type !== "inline"));

function remember(doc: ProseNode, source: string, tokens: readonly Token[]): void {
  const blocks = tokens.filter(opensBlock);
  if (blocks.length !== doc.childCount || blocks.some((token) => !token.map)) return;
  const lineStart = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === "\n") lineStart.push(i + 1);
  const offset = (line: number) => lineStart[line] ?? source.length;
  const spans = blocks.map((token) => {
    const [from, to] = token.map as [number, number];
    const text = source.slice(offset(from), offset(to)).replace(/\n+$/, "");
    return { from: offset(from), end: offset(from) + text.length };
  });
  spans.forEach((span, i) => {
    const next = spans[i + 1];
    readFrom.set(doc.child(i), {
      text: source.slice(span.from, span.end),
      gap: next ? source.slice(span.end, next.from) : "",
      previous: i > 0 ? doc.child(i - 1) : null,
      next: next ? doc.child(i + 1) : null,
      suffix: next ? "" : source.slice(span.end),
    });
  });
}

export function parseMarkdown(source: string): ProseNode {
  const env: { references?: Record<string, unknown> } = {};
  parsing = tokenize(source, env);
  try {
    const doc = parser.parse(source);
    // Unedited, any text comes back as it was read, link definitions and all.
    sourceOf.set(doc, source);
    // A text with link definitions ([1]: https://…) is written whole: a block kept as it was could lose the line it points to.
    if (Object.keys(env.references ?? {}).length === 0) remember(doc, source, parsing);
    return doc;
  } finally {
    parsing = null;
  }
}

const LISTS = new Set(["bullet_list", "ordered_list"]);

/**
 * Whether a kept block's source means the same where it now stands. Most blocks mean the same
 * after any block and a blank line; text indented from the margin can be read into a list above
 * it, code and raw HTML can run on into what follows (indented code, a fence or a <pre> left
 * open at the end): those are kept only between the neighbours they were read between.
 */
function standsAsRead(block: ProseNode, was: ReadFrom, previous: ProseNode | null, next: ProseNode | null): boolean {
  const samePrevious = was.previous === previous;
  if (block.type.name === "code_block" || block.type.name === "raw_block") return samePrevious && was.next === next;
  return samePrevious || !/^[ \t]/.test(was.text);
}

/** The document as Markdown: untouched blocks as they were read, the rest in the content's style. */
export function serializeMarkdown(doc: ProseNode): string {
  const source = sourceOf.get(doc);
  if (source !== undefined) return source;
  // A block that writes as nothing (an empty paragraph) is left out, as the serializer leaves it.
  const written = new Map<ProseNode, string>();
  const write = (block: ProseNode) => {
    let text = written.get(block);
    if (text === undefined) written.set(block, (text = writeMarkdown(doc.type.create(null, block)).replace(/\n+$/, "")));
    return text;
  };
  const blocks: ProseNode[] = [];
  doc.forEach((child) => {
    if (readFrom.has(child) || write(child)) blocks.push(child);
  });
  const kept = blocks.map((block, i) => {
    const was = readFrom.get(block);
    return was && standsAsRead(block, was, blocks[i - 1] ?? null, blocks[i + 1] ?? null) ? was : null;
  });
  // Two lists of a kind side by side would merge into one unless written as the serializer separates them.
  const listsMeet = blocks.some((block, i) => i > 0 && LISTS.has(block.type.name) && block.type === blocks[i - 1]?.type && kept[i - 1]?.next !== block);
  if (listsMeet || !kept.some(Boolean)) return writeMarkdown(doc);
  // Each block's text, then the source's own blank lines between two kept blocks it had side by
  // side, else one blank line; after the last, what followed it in the source if it was last there.
  return blocks
    .map((block, i) => {
      const was = kept[i];
      const next = blocks[i + 1];
      const text = was ? was.text : write(block);
      if (!next) return text + (was && was.next === null ? was.suffix : "");
      return text + (was && was.next === next && kept[i + 1] ? was.gap : "\n\n");
    })
    .join("");
}

/** Every block of `doc` in the content's style, whatever it was read from (what an edited block gets). */
export function writeMarkdown(doc: ProseNode): string {
  return serializer.serialize(doc, { tightLists: true });
}
