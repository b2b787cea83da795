/**
 * How much a term weighs in a page, by where it stands (BM25F: each part of
 * the page counts its occurrences against its own usual length, the sum
 * saturates). Tuned on the judged queries (npm run bench:search-quality);
 * a change here makes the next assembly build the whole index anew.
 */
import type { Field } from "./analyse.ts";

export const WEIGHTS = {
  field: { name: 10, title: 6, lead: 2.5, heading: 2, body: 1, kind: 1 } satisfies Record<Field, number>,
  /** Usual length of each part in terms: a longer part counts each occurrence for less. */
  usualLength: { name: 3, title: 8, lead: 20, heading: 30, body: 500, kind: 2 } satisfies Record<Field, number>,
  /** How far a part's length matters (0: not at all, 1: fully). */
  lengthEffect: { name: 0.5, title: 0.5, lead: 0.5, heading: 0.5, body: 0.75, kind: 0 } satisfies Record<Field, number>,
  /** What a term counts for in a block the page shares with other pages (see sharedBy). */
  furniture: 0.3,
  /** The weighted count at which a term reaches half its highest weight. */
  saturation: 2,
  /** Parts whose neighbouring words are indexed as pairs: where a page says what it is. */
  paired: ["name", "title", "lead", "heading"] as readonly Field[],
  /** Parts whose words are indexed with a letter left out, so a typo in them still finds the page. */
  typos: ["name", "title"] as readonly Field[],
  /** Parts that name the page: a query that covers one of them is the page's name. */
  head: ["name", "title"] as readonly Field[],
  /**
   * A block is the site's furniture, not the page's own text, when this many
   * pages hold it (a call to action, a list of tools), or when it is another
   * page's name, title or lead (a card linking there).
   */
  sharedBy: 3,
};
