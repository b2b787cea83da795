/**
 * The variants of a landing's headline test as addresses, cookies, forms and the store name them
 * (ASCII), the page's own first; and as people read them. Shared by the schema, the pages, the
 * server that deals them out and the forms that report them: it imports nothing.
 */
export const VARIANT_KEYS = ["a", "b", "c"] as const;
export type VariantKey = (typeof VARIANT_KEYS)[number];

export const VARIANT_LETTERS: Record<VariantKey, string> = { a: "А", b: "Б", c: "В" };

/** A variant's key from a cookie, an address or a form, or null for anything else. */
export const variantKey = (value: unknown): VariantKey | null => ((VARIANT_KEYS as readonly unknown[]).includes(value) ? (value as VariantKey) : null);

/** A landing's address as the site has it: /lp/<slug>/ (a variant's own address, /lp/<slug>/b/, counts as its landing). */
const LANDING_PATH = /^\/lp\/([a-z\d]+(?:-[a-z\d]+)*)\/(?:[a-z]\/)?$/;

/** The slug of the landing a page address is, or null. */
export function landingOfPath(path: string): string | null {
  return LANDING_PATH.exec(path)?.[1] ?? null;
}
