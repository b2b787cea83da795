import { randomBytes } from "node:crypto";
import { isCollectionName, isDocumentName } from "#core/content/catalog.ts";
import { COLLECTIONS, type Content } from "#core/content/index.server.ts";
import type { ValidEntry } from "./content/check.ts";
import { type PreviewSite, renderPreview } from "../releases/preview.ts";
import type { SearchResultsPreview } from "#core/search/log.ts";
import { createSearchPreview } from "./search-preview.ts";

/** How long a rendered preview can be opened (the frames load it at once; a reload within this works). */
const KEEP_MS = 10 * 60_000;
const MAX_KEPT = 100;

type Kept = { html: string; at: number; owner: number };

/**
 * Previews rendered for people of the studio, kept in memory under random
 * tokens for a few minutes: the editor's frames (360, 768, 1440 px) load the
 * same rendering. A token is good only for the user who asked for it.
 */
export function createPreviews() {
  let site: PreviewSite | null = null;
  const kept = new Map<string, Kept>();
  const search = createSearchPreview();
  const sweep = (now: number) => {
    for (const [token, entry] of kept) if (now - entry.at > KEEP_MS) kept.delete(token);
    while (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
  };
  return {
    /** The site's code and live release, known once the server has loaded them. */
    attach(value: PreviewSite) {
      site = value;
    },
    available: () => site !== null,
    async render(owner: number, path: string, change?: (content: Content) => Content): Promise<string> {
      if (!site) throw new Error("previews are not available before the site has loaded");
      const html = await renderPreview(site, path, change);
      const now = Date.now();
      sweep(now);
      const token = randomBytes(18).toString("base64url");
      kept.set(token, { html, at: now, owner });
      return token;
    },
    /** A query's results on the site now and after the next publication (search-preview.ts). */
    search(query: string): Promise<SearchResultsPreview> {
      if (!site) throw new Error("previews are not available before the site has loaded");
      return search.preview({ live: site.live(), root: site.releasesRoot }, site.contentDir, query);
    },
    html(owner: number, token: string): string | null {
      const entry = kept.get(token);
      if (!entry || entry.owner !== owner || Date.now() - entry.at > KEEP_MS) return null;
      return entry.html;
    },
  };
}

export type Previews = ReturnType<typeof createPreviews>;

/**
 * The content with one entry as the editor holds it: a collection's entry in
 * place of the saved one of its slug (or added, in the collection's order), a
 * document whole. Tables change no page.
 */
export function overlayEntry(entry: ValidEntry): (content: Content) => Content {
  const { type, slug, output } = entry;
  return (content) => {
    if (isCollectionName(type)) {
      const { sort } = COLLECTIONS[type];
      const list = [...(content[type] as Array<{ slug: string }>).filter((e) => e.slug !== slug), output as { slug: string }];
      if (sort) list.sort(sort as (a: unknown, b: unknown) => number);
      return { ...content, [type]: list };
    }
    if (isDocumentName(type)) return { ...content, [type]: output };
    return content;
  };
}
