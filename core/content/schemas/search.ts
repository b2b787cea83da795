import { z } from "zod";
import { formatCount } from "../../lib/format.ts";
import { pinKey } from "../../search/pins.ts";
import { sitePath, withGroups } from "../fields.ts";

/** Bounds of a group table: a member is a word or a short phrase, a group a handful of them. */
const MEMBER_MAX = 60;
const MEMBERS_MAX = 20;

/** Groups of words and phrases that mean the same, as an editor fills them in. */
function groupTable(limit: number, meta: { group: { title: string; description: string }; table: { title: string; description: string } }) {
  return z
    .array(
      z
        .array(
          z
            .string()
            .trim()
            .min(1)
            .max(MEMBER_MAX, `Не\u00a0длиннее ${MEMBER_MAX} знаков: слово или короткая фраза`)
            .regex(/[\p{L}\p{N}]/u, "Нужна хотя бы одна буква или цифра"),
        )
        .min(2)
        .max(MEMBERS_MAX, `Не\u00a0больше ${MEMBERS_MAX} слов в\u00a0группе`)
        .refine((members) => new Set(members.map((m) => m.toLowerCase())).size === members.length, "Одно и то же слово в группе дважды")
        .meta(meta.group),
    )
    .min(1)
    .max(limit, `Не\u00a0больше ${formatCount(limit)} групп`)
    .meta(meta.table);
}

/**
 * Words and phrases visitors type for the same thing (Latin and Cyrillic
 * spellings, other names of a service): `content/search-synonyms.yaml`.
 * Search matches them as typed, so they are not typographed. Every query
 * reads the whole table (it is in the index's manifest), so it stays short.
 */
/** A pinned query is what a visitor types: a few words. */
const PIN_QUERY_MAX = 100;
const PINS_MAX = 200;

/**
 * Pages pinned to queries (core/search/pins.ts): the page comes first for
 * its query in any case form and word order. One page a query: a second pin
 * of the same query is refused at its field.
 */
const pins = z
  .array(
    z
      .strictObject({
        query: z
          .string()
          .trim()
          .min(1, "Напишите запрос, как его вводят посетители")
          .max(PIN_QUERY_MAX, `Не\u00a0длиннее ${PIN_QUERY_MAX} знаков: запрос, а\u00a0не\u00a0текст`)
          .regex(/[\p{L}\p{N}]/u, "Нужна хотя бы одна буква или цифра")
          .meta({ title: "Запрос", description: "Как его пишут посетители: «цены», «стоимость продвижения»; падежи и\u00a0порядок слов не\u00a0важны" }),
        page: sitePath().meta({ title: "Страница", description: "Она будет первой в\u00a0результатах этого запроса" }),
      })
      .meta({ title: "Закреплённая страница" }),
  )
  .max(PINS_MAX, `Не\u00a0больше ${formatCount(PINS_MAX)} закреплённых страниц`)
  .superRefine((list, ctx) => {
    const seen = new Map<string, number>();
    list.forEach((pin, index) => {
      const key = pinKey(pin.query);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else ctx.addIssue({ code: "custom", path: [index, "query"], message: `Этот запрос уже закреплён в\u00a0строке ${first + 1}` });
    });
  })
  .default([])
  .meta({
    title: "Закреплённые страницы",
    description: "Страница, которая будет первой по\u00a0запросу посетителя. Начинает действовать после публикации",
    "x-widget": "search-pins",
  });

export const SearchSynonymsSchema = withGroups(
  z.strictObject({
    groups: groupTable(300, {
      group: { title: "Слова одной группы", description: "Как посетители пишут одно и то же: «ASO», «АСО», «оптимизация приложений»" },
      table: { title: "Группы синонимов", description: "Поиск находит по любому слову группы страницы с другими её словами" },
    }),
    pins,
  }),
  [
    { title: "Синонимы", fields: ["groups"] },
    { title: "Закреплённые страницы", fields: ["pins"] },
  ],
);

export type SearchSynonyms = z.output<typeof SearchSynonymsSchema>;

/**
 * The trade's vocabulary: terms of digital marketing, analytics and hiring
 * that mean the same (Russian and English, abbreviations, slang,
 * transliterations): `content/search-glossary.yaml`. A word that finds
 * nothing as typed is looked up in it (the index keeps it apart from the
 * synonyms, a file per first letter, so its size costs a query nothing).
 */
export const SearchGlossarySchema = z.strictObject({
  groups: groupTable(3000, {
    group: { title: "Термины одной группы", description: "Одно понятие всеми способами, как его пишут: «лидогенерация», «лидген», «lead generation»" },
    table: { title: "Термины", description: "Слово, которого нет на страницах, поиск ищет так, как его называют в группе" },
  }),
});

export type SearchGlossary = z.output<typeof SearchGlossarySchema>;
