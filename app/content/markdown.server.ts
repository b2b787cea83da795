import { Marked } from "marked";
import { highlightCode } from "./highlight.server.ts";
import { typograph } from "./typography.server.ts";

/**
 * Ids already given in the document being rendered: two "Итоги" headings get
 * `итоги` and `итоги-2`. Rendering is synchronous, so one set per call is safe.
 */
let usedIds = new Set<string>();

/** Set per call: where a document's `##` lands when it is a part of a page, not the page (see renderMarkdown). */
let nestedUnder: number | null = null;

/** Heading text → anchor id. Cyrillic letters stay (valid in HTML and in URLs), the rest becomes dashes. */
export function headingId(text: string): string {
  const base =
    text
      .toLowerCase()
      .replace(/<[^>]*>/g, "")
      .replace(/&[a-z]+;|&#\d+;/g, " ")
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, "") || "section";
  let id = base;
  for (let n = 2; usedIds.has(id); n++) id = `${base}-${n}`;
  usedIds.add(id);
  return id;
}

const marked = new Marked({
  gfm: true,
  renderer: {
    code: ({ text, lang }) => `${highlightCode(text, lang)}\n`,
    // Section headings carry ids so a table of contents (articles, legal pages) can link to them.
    heading({ tokens, depth, text }) {
      const inner = this.parser.parseInline(tokens);
      if (nestedUnder !== null) {
        const level = Math.min(6, nestedUnder + depth - 1);
        return `<h${level}>${inner}</h${level}>\n`;
      }
      if (depth < 2 || depth > 3) return `<h${depth}>${inner}</h${depth}>\n`;
      return `<h${depth} id="${headingId(text)}">${inner}</h${depth}>\n`;
    },
  },
});

/**
 * Markdown → HTML: code blocks highlighted, ## and ### headings with ids,
 * typography applied to the text (code left alone). A wide table scrolls
 * inside itself, so it takes keyboard focus to be scrolled without a mouse.
 * `nestedUnder: 3` is for text shown inside an item titled by an <h3> (an event
 * on the events page): its `##` becomes <h4>, without ids, since several
 * such texts share one page and their headings are not in a table of contents.
 */
export function renderMarkdown(source: string, options: { nestedUnder?: number } = {}): string {
  usedIds = new Set();
  nestedUnder = options.nestedUnder ?? null;
  return typograph(marked.parse(source, { async: false })).replaceAll("<table>", '<table tabindex="0">');
}

export type TocEntry = { id: string; title: string; level: 2 | 3 };

/** The table of contents of rendered HTML: its ## (and, with `depth: 3`, ###) headings in order. */
export function tableOfContents(html: string, depth: 2 | 3 = 2): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const m of html.matchAll(/<h([23]) id="([^"]+)">([\s\S]*?)<\/h\1>/g)) {
    const level = Number(m[1]) as 2 | 3;
    if (level > depth) continue;
    const title = (m[3] ?? "")
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;|\u00a0/g, "\u00a0")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
    entries.push({ id: m[2] ?? "", title, level });
  }
  return entries;
}
