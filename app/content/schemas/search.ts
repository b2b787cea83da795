import { z } from "zod";

/**
 * Words and phrases visitors type for the same thing (Latin and Cyrillic
 * spellings, other names of a service): `content/search-synonyms.yaml`.
 * Search matches them as typed, so they are not typographed.
 */
export const SearchSynonymsSchema = z.strictObject({
  groups: z
    .array(
      z
        .array(z.string().trim().min(1).regex(/[\p{L}\p{N}]/u, "must hold a letter or a digit"))
        .min(2)
        .refine((members) => new Set(members.map((m) => m.toLowerCase())).size === members.length, "lists a member twice"),
    )
    .min(1),
});

export type SearchSynonyms = z.output<typeof SearchSynonymsSchema>;
