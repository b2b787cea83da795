export type ExcerptPart = { text: string; mark: boolean };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'", "#x27": "'" };

function decode(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|apos|#39|#x27);/g, (_, name: string) => ENTITIES[name] ?? "");
}

/**
 * Pagefind's excerpt is escaped text with `<mark>` around the matched words.
 * Split into parts so the page renders text and `<mark>` elements itself and
 * never injects markup from the index.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  return excerpt
    .split(/<mark>([\s\S]*?)<\/mark>/)
    .map((chunk, i) => ({ text: decode(chunk.replace(/<[^>]*>/g, "")), mark: i % 2 === 1 }))
    .filter((part) => part.text !== "");
}
