/**
 * Names of the generated images, shared by the build step that draws them
 * (scripts/images/) and the loaders that look them up (images.server.ts).
 */

const LATIN: Record<string, string> = {
  а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "y", к: "k", л: "l", м: "m",
  н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "kh", ц: "ts", ч: "ch", ш: "sh", щ: "shch",
  ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya", "+": " plus ", "&": " and ",
};

/** "Банк Заречье" → "bank-zareche": a stable file name for a client's name. */
export function nameSlug(name: string): string {
  return [...name.toLowerCase()]
    .map((char) => LATIN[char] ?? char)
    .join("")
    .replace(/[^a-z\d]+/g, "-")
    .replace(/^-|-$/g, "");
}

export const imageKeys = {
  caseCover: (slug: string) => `case-cover/${slug}`,
  serviceCover: (slug: string) => `service-cover/${slug}`,
  clientLogo: (name: string) => `client-logo/${nameSlug(name)}`,
  teamAvatar: (id: string) => `team-avatar/${id}`,
} as const;
