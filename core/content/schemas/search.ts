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
        .array(z.string().trim().min(1).regex(/[\p{L}\p{N}]/u, "Нужна хотя бы одна буква или цифра"))
        .min(2)
        .refine((members) => new Set(members.map((m) => m.toLowerCase())).size === members.length, "Одно и то же слово в группе дважды")
        .meta({ title: "Слова одной группы", description: "Как посетители пишут одно и то же: «ASO», «АСО», «оптимизация приложений»" }),
    )
    .min(1)
    .meta({ title: "Группы синонимов", description: "Поиск находит по любому слову группы страницы с другими её словами" }),
});

export type SearchSynonyms = z.output<typeof SearchSynonymsSchema>;
