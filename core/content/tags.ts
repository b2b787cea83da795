import { slugFromTitle } from "../lib/slug.ts";

/**
 * Tags are stored and shown as people type them («сквозная аналитика»,
 * «Python»); only their address is Latin, made here from the tag by the
 * site's one transliteration (core/lib/slug.ts). «SEO» and «seo» share an
 * address, so a tag's spelling may change without moving its page. No
 * schema library here: the site's pages link through these too.
 */

/** A tag as typed, tidied: spaces at the ends dropped, runs of spaces (and line breaks) made one space. */
export const tidyTag = (typed: string): string => typed.normalize("NFC").replace(/\s+/gu, " ").trim();

/** The tag page's address part (`/academy/?tag=…`). Empty when the tag has no letter or digit to make one from. */
export const tagAddress = (tag: string): string => slugFromTitle(tag);

/** Words separated by single spaces; no comma (it separates tags where several are typed at once). */
export const TAG_PATTERN = /^[^\s,]+(?: [^\s,]+)*$/u;

/**
 * The tags of a collection by address, each shown as most of its entries
 * spell it (the first such spelling in alphabetical order on a tie), in the
 * order of those spellings.
 */
export function tagsByAddress(lists: ReadonlyArray<readonly string[]>): Array<{ address: string; label: string }> {
  const counts = new Map<string, Map<string, number>>();
  for (const tag of lists.flat()) {
    const address = tagAddress(tag);
    const spellings = counts.get(address) ?? new Map<string, number>();
    spellings.set(tag, (spellings.get(tag) ?? 0) + 1);
    counts.set(address, spellings);
  }
  const collator = new Intl.Collator("ru");
  return [...counts]
    .map(([address, spellings]) => {
      const [label = address] = [...spellings].sort((a, b) => b[1] - a[1] || collator.compare(a[0], b[0])).map(([spelling]) => spelling);
      return { address, label };
    })
    .sort((a, b) => collator.compare(a.label, b.label));
}
