import { Marked } from "marked";
import { highlightCode } from "./highlight.server.ts";
import { typograph } from "./typography.server.ts";

const marked = new Marked({
  gfm: true,
  renderer: {
    code: ({ text, lang }) => `${highlightCode(text, lang)}\n`,
  },
});

/** Markdown → HTML: code blocks highlighted, typography applied to the text (code left alone). */
export function renderMarkdown(source: string): string {
  return typograph(marked.parse(source, { async: false }));
}
