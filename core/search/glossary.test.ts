import { describe, expect, it } from "vitest";
import { assembleIndex } from "./assemble.ts";
import { glossaryUrl, MANIFEST_FILE, SEARCH_INDEX_URL } from "./index-format.ts";
import { analyse, engineOver, firstResults, type PageParts } from "../../tests/support/search-index-fixtures.ts";

// Issue 58: the trade's vocabulary, read only by a word that finds nothing as typed.
const pages: PageParts[] = [
  { url: "/services/leads/", kind: "service", title: "Лидогенерация", lead: "Заявки от компаний, которым нужен ваш продукт" },
  { url: "/services/remarketing/", kind: "service", title: "Ремаркетинг", lead: "Возвращаем посетителей, которые ушли без покупки" },
  { url: "/academy/leads-for-b2b/", kind: "article", title: "Лиды для B2B без холодных звонков", lead: "Как мы собираем заявки для промышленных компаний" },
  { url: "/services/apps/", kind: "service", title: "Продвижение приложений", lead: "Привлечение пользователей из сторов и рекламных сетей" },
];
const glossary = [
  ["лидогенерация", "лидген", "lead generation"],
  ["ремаркетинг", "ретаргетинг", "remarketing", "retargeting"],
  ["user acquisition", "привлечение пользователей", "юзер эквизишн"],
];
const index = assembleIndex(pages.map(analyse), [], { glossary });

describe("the trade's vocabulary in the index", () => {
  it("is kept out of the manifest: a file per first letter of its members, each naming every group with such a member", () => {
    const manifest = JSON.parse(index.files.get(`${SEARCH_INDEX_URL}${MANIFEST_FILE}`) ?? "{}") as { glossary?: Record<string, string>; synonyms: unknown[] };
    expect(manifest.synonyms).toEqual([]);
    expect(Object.keys(manifest.glossary ?? {}).sort()).toEqual(["l", "r", "u", "л", "п", "р", "ю"]);
    const remarketing = JSON.parse(index.files.get(glossaryUrl(manifest.glossary?.r ?? "")) ?? "[]") as string[][][];
    expect(remarketing).toHaveLength(1);
    expect(remarketing[0]).toContainEqual(["retargeting"]);
  });

  it("finds the pages of a word they do not use through its group, in either alphabet", async () => {
    const engine = await engineOver(index.files);
    expect(await firstResults(engine, "лидген", 1)).toEqual(["/services/leads/"]);
    expect(await firstResults(engine, "ретаргетинг", 1)).toEqual(["/services/remarketing/"]);
    expect(await firstResults(engine, "retargeting", 1)).toEqual(["/services/remarketing/"]);
  });

  it("finds a phrase of the trade written the way the pages do not, by its first word", async () => {
    const engine = await engineOver(index.files);
    expect(await firstResults(engine, "юзер эквизишн", 1)).toEqual(["/services/apps/"]);
  });

  it("is not read for a word the pages use: that costs no file and changes no ranking", async () => {
    const fetched: string[] = [];
    const engine = await engineOver(index.files, fetched);
    expect(await firstResults(engine, "лидогенерация", 1)).toEqual(["/services/leads/"]);
    expect(fetched.some((url) => url.includes("/g/"))).toBe(false);
  });

  it("finds nothing through the glossary without one", async () => {
    const engine = await engineOver(assembleIndex(pages.map(analyse), []).files);
    expect(await firstResults(engine, "ретаргетинг", 1)).toEqual([]);
  });
});

describe("a phrase of the trade that no page says where it names itself", () => {
  it("is found with its words apart in a page's text, for a word the pages lack", async () => {
    const pagesWithTools: PageParts[] = [
      { url: "/services/web-analytics/", kind: "service", title: "Веб-аналитика", lead: "Метрика и события без потерь", sections: [{ heading: "Инструменты", text: "Ставим счётчики через Google Tag Manager и проверяем каждое событие." }] },
      { url: "/academy/tags/", kind: "article", title: "Теги на сайте", lead: "Что такое тег и зачем он нужен" },
    ];
    const engine = await engineOver(assembleIndex(pagesWithTools.map(analyse), [], { glossary: [["Google Tag Manager", "GTM"]] }).files);
    expect(await firstResults(engine, "gtm", 2)).toEqual(["/services/web-analytics/"]);
  });
});

describe("a query that is a phrase of the trade, written the way no page does", () => {
  it("is read as one concept, found as the glossary says it, not as its words apart", async () => {
    const tools: PageParts[] = [
      { url: "/services/web-analytics/", kind: "service", title: "Веб-аналитика", lead: "Настраиваем Google Analytics 4 и Метрику без потерь событий" },
      { url: "/academy/google-ads/", kind: "article", title: "Google Ads: аналитика кампаний", lead: "Аналитика рекламы в Google Ads для магазинов" },
    ];
    const glossary = [
      ["Google Analytics", "гугл аналитикс", "GA4"],
      ["Google Merchant Center", "гугл мерчант"],
    ];
    const engine = await engineOver(assembleIndex(tools.map(analyse), [["Google", "гугл"]], { glossary }).files);
    // Apart, «гугл» is every page's Google and «аналитикс» a typo of «аналитика», which the article has most of.
    expect(await firstResults(engine, "гугл аналитикс", 2)).toEqual(["/services/web-analytics/"]);
    // A phrase the pages say no way at all: its words, each as found alone (here «гугл» of both pages).
    expect(await firstResults(engine, "гугл мерчант", 2)).toHaveLength(2);
  });
});

describe("a word of the glossary typed on the other keyboard layout", () => {
  it("is switched and found through its group, though no page uses it", async () => {
    const vacancies: PageParts[] = [
      { url: "/career/analyst/", kind: "position", title: "Аналитик данных", lead: "Работа удалённо из любого города" },
      { url: "/career/designer/", kind: "position", title: "Дизайнер", lead: "Офис в Москве" },
    ];
    const engine = await engineOver(assembleIndex(vacancies.map(analyse), [], { glossary: [["удалёнка", "удалённо", "remote"]] }).files);
    // «удаленка» with the Latin layout on.
    const outcome = await engine.search("elfktyrf", null);
    expect(outcome.switched).toBe("удаленка");
    expect((await engine.loadHits(outcome, 0, 2)).map((h) => h.url)).toEqual(["/career/analyst/"]);
  });
});
