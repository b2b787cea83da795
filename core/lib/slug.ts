/**
 * An address part made from a title, the way Russian sites' addresses read
 * («Как работает студия» → kak-rabotaet-studiya): a new entry's address
 * follows its title until the person edits the address by hand, and a tag's
 * address is made from the tag (core/content/tags.ts). The one
 * transliteration of the site's addresses, for the studio and the site alike. A table of
 * 33 letters, not a library: the whole rule fits here and the studio's
 * bundle stays as it is.
 */
const LETTERS: Record<string, string> = {
  а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "y",
  к: "k", л: "l", м: "m", н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f",
  х: "kh", ц: "ts", ч: "ch", ш: "sh", щ: "shch", ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya",
};

/** Long enough for a title's meaning, short enough to read and type. */
export const MADE_SLUG_MAX = 60;

export function slugFromTitle(title: string): string {
  const latin = [...title.toLowerCase()].map((ch) => LETTERS[ch] ?? ch).join("");
  const words = latin
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MADE_SLUG_MAX) return slug || word.slice(0, MADE_SLUG_MAX);
    slug = next;
  }
  return slug;
}
