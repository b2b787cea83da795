import { pages } from "#core/studio/paths.ts";

/**
 * Addresses of the content section, inside the studio's router (basename
 * /studio): a type's list (or a document's form), an entry, a new entry.
 * "new" and "history" are segments no type is named, so /content/new/articles/
 * never collides with an entry's slug.
 */
export const contentHref = (type: string, slug?: string) => `${pages.content}${type}/${slug ? `${slug}/` : ""}`;
export const newEntryHref = (type: string) => `${pages.content}new/${type}/`;
/** An entry's history: /content/history/articles/slug/, or /content/history/company/ for a document or table. */
export const historyHref = (type: string, slug: string) => `${pages.content}history/${type}/${slug && slug !== "-" ? `${slug}/` : ""}`;
