import { installPresenters } from "./fields.ts";
import { renderMarkdown } from "./markdown.server.ts";
import { typographText } from "./typography.server.ts";

/**
 * On the server, visible text is typographed and Markdown rendered while
 * content is validated (core/content/fields.ts). Imported for this effect by
 * the loader, so whatever parses content on the server presents it.
 *
 * The studio renders Markdown elsewhere (a worker with a time limit,
 * server/studio/content/markdown-off-thread.ts) and then validates with those
 * results: `markdownIn` lists the texts a validation would render without
 * rendering them, `withRenderedMarkdown` validates with the HTML (or the
 * refusal) rendered for each. Validation is synchronous, so one scope at a
 * time is safe.
 */

export type MarkdownText = { source: string; nestedUnder?: number };
export type RenderedText = { html: string } | { error: string };
/** Rendered texts by markdownKey; `complete: false` when rendering stopped early (the entry is refused anyway). */
export type RenderedMarkdown = { texts: ReadonlyMap<string, RenderedText>; complete: boolean };

export const markdownKey = (text: MarkdownText) => `${text.nestedUnder ?? 0}\n${text.source}`;

let scope: { listed: MarkdownText[] } | { rendered: RenderedMarkdown } | null = null;

function presentMarkdown(source: string, options: { nestedUnder?: number }): string {
  if (scope && "listed" in scope) {
    scope.listed.push({ source, ...options });
    return "";
  }
  if (scope) {
    const done = scope.rendered.texts.get(markdownKey({ source, ...options }));
    if (done && "error" in done) throw new Error(done.error);
    if (done) return done.html;
    // Another file's text, already saved (checked when it was saved): rendered here as a release would.
    if (!scope.rendered.complete) return "";
  }
  return renderMarkdown(source, options);
}

function within<T>(next: typeof scope, work: () => T): T {
  const outer = scope;
  scope = next;
  try {
    return work();
  } finally {
    scope = outer;
  }
}

/** The Markdown texts `work` would render, in order; nothing is rendered (each text reads as ""). */
export function markdownIn(work: () => unknown): MarkdownText[] {
  const listed: MarkdownText[] = [];
  within({ listed }, work);
  return listed;
}

/** Runs `work` with Markdown taken from `rendered` (an error there is the field's error). */
export function withRenderedMarkdown<T>(rendered: RenderedMarkdown, work: () => T): T {
  return within({ rendered }, work);
}

installPresenters({ text: typographText, markdown: presentMarkdown });
