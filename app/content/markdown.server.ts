import { Marked } from "marked";
import { typograph } from "./typography.server.ts";

const marked = new Marked({ gfm: true });

/** Markdown → HTML with typography applied to the text (code blocks are left alone). */
export function renderMarkdown(source: string): string {
  return typograph(marked.parse(source, { async: false }));
}
