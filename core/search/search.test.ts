import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchSynonymsSchema } from "../content/schemas/search.ts";
import { assembleIndex } from "./assemble.ts";
import { analyse, type Engine, engineOver, firstResults, type PageParts } from "../../tests/support/search-index-fixtures.ts";
import { analyseRecord } from "./analyse.ts";

const pages: PageParts[] = [
  {
    url: "/services/seo/",
    kind: "service",
    crumb: "SEO",
    title: "SEO-продвижение сайтов в Яндексе и Google",
    lead: "Выводим сайты в топ по запросам, которые приносят заявки.",
    sections: [{ heading: "Стоимость", text: "Ведение SEO от 90 000 ₽ в месяц. Технический аудит, семантика и контент." }],
    cards: ["«Медлиния»: записи на МРТ через Директ подешевели вдвое"],
  },
  {
    url: "/services/context-advertising/",
    kind: "service",
    crumb: "Контекстная реклама",
    title: "Контекстная реклама в Яндекс Директе — настройка и ведение",
    lead: "Запускаем и ведём Яндекс Директ так, чтобы каждая кампания отвечала за свою долю заявок.",
    sections: [{ heading: "Что входит в работу", text: "Структура кампаний, минус-слова, ретаргетинг." }],
    cards: ["«Медлиния»: записи на МРТ через Директ подешевели вдвое"],
  },
  {
    url: "/services/performance-marketing/",
    kind: "service",
    crumb: "Performance-маркетинг",
    title: "Performance-маркетинг с оплатой за результат",
    lead: "Управляем рекламными бюджетами как инвестиционным портфелем.",
  },
  {
    url: "/career/data-analyst/",
    kind: "position",
    title: "Аналитик данных (middle)",
    lead: "Строите конвейеры данных и дашборды для маркетинга клиентов.",
    sections: [{ heading: "Чем предстоит заниматься", text: "Выгрузки из Яндекс Метрики, модели атрибуции, отчёты." }],
  },
  {
    url: "/projects/cases/medlinia-context/",
    kind: "case",
    title: "«Медлиния»: записи на МРТ через Директ подешевели вдвое",
    names: ["Медлиния"],
    lead: "Контекстная реклама и веб-аналитика для сети диагностических центров.",
    sections: [{ heading: "Задача", text: "Снизить стоимость записи на МРТ. Сквозная аналитика и аналитика звонков." }],
    cards: ["1,4 млн установок головоломки за полгода: ASO и закупка для «Кубик Геймс»"],
  },
  {
    url: "/projects/reviews/medlinia/",
    kind: "review",
    crumb: "Отзыв: Медлиния",
    title: "«Медлиния» о контекстной рекламе для диагностических центров",
    sections: [{ heading: "Отзыв", text: "Команда агентства настроила рекламу в Директе и аналитику звонков." }],
  },
  {
    url: "/projects/cases/kubik-games-aso/",
    kind: "case",
    title: "1,4 млн установок головоломки за полгода: ASO и закупка для «Кубик Геймс»",
    names: ["Кубик Геймс"],
    lead: "Запуск головоломки в App Store и Google Play.",
    cards: ["«Медлиния»: записи на МРТ через Директ подешевели вдвое"],
  },
  {
    url: "/academy/seo-audit/",
    kind: "article",
    title: "Технический SEO-аудит: чек-лист",
    lead: "Что проверять в SEO-аудите сайта: индексацию, скорость, дубли. SEO, SEO и ещё раз SEO.",
    sections: [{ heading: "Индексация", text: "SEO начинается с индексации: SEO-специалист проверяет robots.txt и карту сайта. Реклама здесь ни при чём." }],
  },
  {
    url: "/academy/telegram/",
    kind: "article",
    title: "Telegram-канал компании: редполитика, метрики и посевы",
    lead: "Как запустить корпоративный Telegram-канал, который читают.",
    sections: [{ heading: "Сколько стоит подписчик", text: "Посевы в чужих каналах: цена подписчика и проверка каналов." }],
  },
  {
    url: "/academy/budget/",
    kind: "article",
    title: "Маркетинговый бюджет: как распределить деньги между каналами",
    lead: "Реклама в поиске, контекст и реклама в соцсетях: как делить бюджет, когда в отчётах всё выглядит контекстно.",
    sections: [{ heading: "Каналы", text: "Контекстная и таргетированная реклама, SEO. Аналитика данных для решений." }],
  },
];

const records = [
  analyseRecord({ url: "/questions/#question-seo-1", kind: "question", title: "Когда ждать результатов от SEO?", body: ["SEO даёт первые результаты через 3–4 месяца."] }),
  analyseRecord({ url: "/events/#event-data-meetup", kind: "event", title: "Data-митап «Ориентира» #7", lead: "Вечерний митап для аналитиков маркетинга.", body: ["Москва"] }),
];

const synonyms = [
  ["SEO", "сео"],
  ["Telegram", "телеграм"],
  ["performance", "перформанс"],
  ["контекстная реклама", "контекст", "реклама в поиске"],
];

let engine: Engine;
const fetched: string[] = [];
beforeAll(async () => {
  const { files } = assembleIndex([...pages.map(analyse), ...records], synonyms);
  engine = await engineOver(files, fetched);
});

const first = async (query: string) => (await firstResults(engine, query, 1))[0];

describe("what comes first", () => {
  // First: later queries find what the first one fetched.
  it("fetches the manifest, the chunks of the query's words and the records of the results shown only", async () => {
    const outcome = await engine.search("головоломки", null);
    await engine.loadHits(outcome, 0, 1);
    expect(fetched[0]).toBe("/search-index/manifest.json");
    expect(fetched.every((url) => /^\/search-index\/(manifest\.json|t\/[\w-]{10}\.json|l\/[\w-]{10}\.json|r\/\d+\.[\w-]{6}\.json)$/.test(url))).toBe(true);
    expect(fetched.filter((url) => url.startsWith("/search-index/r/"))).toHaveLength(1);
  });

  it("puts the page whose name is the query first, ahead of pages that mention it more often", async () => {
    expect(await first("SEO")).toBe("/services/seo/");
    expect(await first("контекстная реклама")).toBe("/services/context-advertising/");
    expect(await first("Медлиния")).toBe("/projects/cases/medlinia-context/");
  });

  it("puts a vacancy named by the query among the first results for its word alone, and first for its name", async () => {
    expect((await firstResults(engine, "аналитик", 3)).includes("/career/data-analyst/")).toBe(true);
    expect(await first("аналитик данных")).toBe("/career/data-analyst/");
    expect(await first("вакансия аналитика")).toBe("/career/data-analyst/");
  });

  it("counts a kind named in the query: «отзыв» finds the review before the case", async () => {
    expect(await first("отзыв медлиния")).toBe("/projects/reviews/medlinia/");
  });

  it("finds Russian words in any form", async () => {
    expect(await first("контекстной рекламы")).toBe("/services/context-advertising/");
    expect(await first("головоломок")).toBe("/projects/cases/kubik-games-aso/");
  });

  it("finds words typed so far", async () => {
    expect(await first("головол")).toBe("/projects/cases/kubik-games-aso/");
    expect(await first("контекстная рек")).toBe("/services/context-advertising/");
  });
});

describe("words as visitors type them", () => {
  it("finds a word through its synonym or other spelling, and marks the page's own word in the excerpt", async () => {
    expect(await first("сео")).toBe("/services/seo/");
    expect(await first("телеграм канал")).toBe("/academy/telegram/");
    expect(await first("перформанс маркетинг")).toBe("/services/performance-marketing/");
    const [hit] = await engine.loadHits(await engine.search("телеграм", null), 0, 1);
    expect(hit?.excerpt.filter((p) => p.mark).map((p) => p.text.toLowerCase())).toContain("telegram");
  });

  it("reads a word typed in the other alphabet when it finds nothing as typed", async () => {
    expect(await first("дата митап")).toBe("/events/#event-data-meetup");
    expect(await first("golovolomka")).toBe("/projects/cases/kubik-games-aso/");
  });

  it("forgives one wrong, missing, extra or swapped letter in a word of five letters or more", async () => {
    expect(await first("аналитек данных")).toBe("/career/data-analyst/");
    expect(await first("контекстная рекламма")).toBe("/services/context-advertising/");
    expect(await first("голволомка")).toBe("/projects/cases/kubik-games-aso/");
    expect(await first("голвлмка")).toBeUndefined();
  });

  it("ranks a page found with a typo, or through another ending of the word, after every page found as typed", async () => {
    // «мракетинг» and «маркетнг» are typos of «маркетинг» on three pages, but one page writes them itself.
    const typo = { url: "/academy/typo/", kind: "article", title: "Заметки о маркетнг", lead: "Слова мракетинг и маркетнг здесь написаны с опечаткой." } as const;
    const { files } = assembleIndex([...pages.map(analyse), analyse(typo)], synonyms);
    const other = await engineOver(files);
    expect(await firstResults(other, "мракетинг", 10)).toEqual(["/academy/typo/"]);
    // A typo in the last two letters reads as another form of the word (the same beginning, another ending): found at half
    // the weight, after a page that has the word as typed in the same part (here the title).
    const found = await firstResults(other, "маркетнг", 10);
    expect(found[0]).toBe("/academy/typo/");
    expect(found).toContain("/services/performance-marketing/");
    engine = await engineOver(assembleIndex([...pages.map(analyse), ...records], synonyms).files);
  });
});

describe("what does not make a page match", () => {
  it("ignores the call to action, forms and cards that many pages repeat", async () => {
    expect((await engine.search("обсудим", null)).total).toBe(0);
    // «вашу» is politeness, not asked about: the call to action completes the match of the one page with a «Задача» of its own, and makes none alone.
    expect(await firstResults(engine, "обсудим вашу задачу", 10)).toEqual(["/projects/cases/medlinia-context/"]);
    // The form's button is not text: no page holds «отправить»; holding all but it is the page whose own text says «заявки».
    expect(await firstResults(engine, "отправить заявку", 10)).toEqual(["/services/seo/"]);
    // The card of the Медлиния case on other pages does not make them answer «МРТ».
    expect(await firstResults(engine, "мрт", 10)).toEqual(expect.arrayContaining(["/projects/cases/medlinia-context/"]));
    expect(await firstResults(engine, "мрт", 10)).not.toContain("/services/seo/");
  });

  it("answers nothing for nonsense or stop words only", async () => {
    expect((await engine.search("щщщзззкх", null)).total).toBe(0);
    expect((await engine.search("и в на", null)).total).toBe(0);
  });

  it("counts matches per kind, whatever kind is shown", async () => {
    const outcome = await engine.search("медлиния", "review");
    expect(outcome.counts).toMatchObject({ case: 1, review: 1, service: 0 });
    expect((await engine.loadHits(outcome, 0, 10)).map((h) => h.url)).toEqual(["/projects/reviews/medlinia/"]);
  });
});

describe("words the pages do not use (issue 42)", () => {
  // Pages shaped like the site's, with the words the examples need and pages that hold them more plainly.
  const named: PageParts[] = [
    {
      url: "/services/branding-and-design/",
      kind: "service",
      crumb: "Брендинг и дизайн",
      title: "Брендинг и дизайн — стратегия бренда, айдентика и ребрендинг",
      lead: "Создаём бренды, которые работают в рекламе и на полке одинаково убедительно.",
    },
    { url: "/academy/brand-platform/", kind: "article", title: "Платформа бренда за шесть недель", lead: "Как проходит стратегическая сессия по бренду." },
    {
      url: "/academy/python-report/",
      kind: "article",
      title: "Автоматизируем еженедельный отчёт на Python: API Директа, Метрики и DataLens",
      lead: "Скрипт сам собирает данные и присылает отчёт в понедельник утром.",
    },
    {
      url: "/career/senior-seo/",
      kind: "position",
      title: "Senior SEO-специалист",
      sections: [{ heading: "Будет плюсом", text: "Опыт автоматизации отчётов и выгрузок из Вебмастера." }],
    },
    { url: "/career/frontend-developer/", kind: "position", title: "Frontend-разработчик (senior)", lead: "Разрабатываете сайты клиентов на React и TypeScript." },
    { url: "/services/web-development/", kind: "service", crumb: "Разработка сайтов", title: "Разработка сайтов", lead: "Фронтенд и бэкенд в одной команде, с аналитикой и коллтрекингом с первого дня." },
    { url: "/company/", kind: "page", title: "О компании", lead: "Агентство строит маркетинг, который можно посчитать." },
    { url: "/privacy/", kind: "page", title: "Политика обработки персональных данных", lead: "Эта Политика объясняет, какие данные мы обрабатываем и зачем." },
    {
      url: "/cookies/",
      kind: "page",
      title: "Политика использования файлов cookie",
      lead: "Политика дополняет Политику обработки персональных данных.",
      sections: [{ heading: "Конфиденциальность", text: "Политика конфиденциальности распространяется и на cookie." }],
    },
    {
      url: "/agreement/",
      kind: "page",
      title: "Согласие на обработку персональных данных",
      sections: [{ heading: "Цели", text: "Связаться с вами, уточнить задачу и сохранить конфиденциальность переписки." }],
    },
    { url: "/contacts/", kind: "page", title: "Контакты", lead: "Расскажите о задаче — руководитель направления свяжется с вами в течение рабочего дня." },
  ];
  // The site's own synonym table: the names people give pages are content.
  const table = SearchSynonymsSchema.parse(parse(readFileSync(join(import.meta.dirname, "../../content/search-synonyms.yaml"), "utf8")));
  let examples: Engine;
  beforeAll(async () => {
    examples = await engineOver(assembleIndex(named.map(analyse), table.groups).files);
  });
  afterAll(async () => {
    engine = await engineOver(assembleIndex([...pages.map(analyse), ...records], synonyms).files);
  });

  it.each([
    // Another form of the root: the page says «брендинг».
    ["брендирование", "/services/branding-and-design/"],
    // «автоматизация» is on a vacancy too; the article says «Автоматизируем … отчёт» in its title.
    ["автоматизация отчётов", "/academy/python-report/"],
    // Slang the synonyms do not hold: «фронтендер» shares «фронтенд» with the group of «frontend».
    ["фронтендер", "/career/frontend-developer/"],
    // What people call the page: the title says «Политика обработки персональных данных».
    ["политика конфиденциальности", "/privacy/"],
    // A question: «как», «с», «вами» ask nothing; «связаться» names the contacts page.
    ["как с вами связаться", "/contacts/"],
  ])("«%s» puts %s first", async (query, expected) => {
    expect((await firstResults(examples, query, 1))[0]).toBe(expected);
  });

  it("finds other forms of a word at half its weight, then the longest beginning of five letters it shares with the index", async () => {
    // «брендирование» and «брендинг» are forms of one word; «бренд» is too short a part of «брендирован» to be one.
    expect(await firstResults(examples, "брендирование", 10)).toEqual(["/services/branding-and-design/"]);
    // No term is a form of «политизированный» (it shares only «полит» with «политика»): rather than nothing, the terms sharing
    // its longest beginning of five letters or more are found.
    expect(new Set(await firstResults(examples, "политизированный", 10))).toEqual(new Set(["/privacy/", "/cookies/"]));
    // A word sharing fewer than five letters with every term finds nothing.
    expect((await examples.search("поликлиника", null)).total).toBe(0);
  });

  it("answers a name made of left-out words through the synonym table, and a query no page holds whole by the pages holding all but one word", async () => {
    // «о» and «нас» are left out of every query; the table names «о нас» with «о компании».
    expect(await firstResults(examples, "о нас", 1)).toEqual(["/company/"]);
    // No page says «добраться»; the contacts page is the page of offices (the table).
    expect(await firstResults(examples, "как добраться до офиса", 1)).toEqual(["/contacts/"]);
    // The site's own name beside other words is optional: the contacts page does not say «агентство».
    expect(await firstResults(examples, "телефон агентства", 1)).toEqual(["/contacts/"]);
  });

  it("forgives a letter missing in the first half of a word the page has only in its text", async () => {
    expect(await firstResults(examples, "колтрекинг", 1)).toEqual(["/services/web-development/"]);
  });

  it("ranks a page holding the word as typed, or another ending of its stem, above one that only shares a beginning of five letters", async () => {
    const forms = await engineOver(
      assembleIndex(
        [
          analyse({ url: "/prefix/", kind: "article", title: "Брендинг для завода" }),
          analyse({ url: "/stem/", kind: "article", title: "Брендированием упаковки" }),
          analyse({ url: "/exact/", kind: "article", title: "Брендирование сувениров" }),
        ],
        [],
      ).files,
    );
    // «брендированием» has the stem of «брендирование»: the two match alike; «брендинг» shares only «брендин…».
    const [first, second, third] = await firstResults(forms, "брендирование", 3);
    expect(new Set([first, second])).toEqual(new Set(["/exact/", "/stem/"]));
    expect(third).toBe("/prefix/");
  });

  it("looks for an English word as Russian borrows it, beside the word as typed", async () => {
    const borrowed = await engineOver(
      assembleIndex(
        [
          analyse({ url: "/academy/attribution/", kind: "article", title: "Модели атрибуции", lead: "Почему last click недооценивает каналы." }),
          analyse({ url: "/services/targeted-advertising/", kind: "service", title: "Таргетированная реклама", lead: "Таргетинг в VK Рекламе и Telegram Ads." }),
          analyse({ url: "/academy/telegram/", kind: "article", title: "Telegram-канал компании", lead: "Посевы и targeting по интересам." }),
        ],
        [],
      ).files,
    );
    expect(await firstResults(borrowed, "attribution", 1)).toEqual(["/academy/attribution/"]);
    // The page saying «targeting» in Latin is found too, but the service named «таргетинг» comes first.
    expect(await firstResults(borrowed, "targeting", 2)).toEqual(["/services/targeted-advertising/", "/academy/telegram/"]);
  });

  it("leaves out question words and politeness, and keeps a whole word from matching what it does not begin", async () => {
    expect(await firstResults(examples, "подскажите пожалуйста где контакты", 1)).toEqual(["/contacts/"]);
    // The helping verbs and pronouns of a question ask nothing either.
    expect(await firstResults(examples, "где будут ваши контакты", 1)).toEqual(["/contacts/"]);
    // «цены» is a whole word: «ценности» begins with its stem «цен», not with it.
    const values = await engineOver(assembleIndex([analyse({ url: "/worths/", kind: "page", title: "Ценности" })], []).files);
    expect((await values.search("цены", null)).total).toBe(0);
    expect((await values.search("цен", null)).total).toBe(1);
  });
});

// Issue 58: a query typed with the other keyboard layout on, and the letters е, ё and э.
describe("a query typed on the other keyboard layout, and е/ё/э", () => {
  const hits = async (query: string) => {
    const outcome = await engine.search(query, null);
    return { switched: outcome.switched, urls: (await engine.loadHits(outcome, 0, 10)).map((h) => h.url) };
  };

  it("reads Russian words typed with the Latin layout on as they were meant, and says what it read", async () => {
    // «сквозная аналитика» with the Latin layout on: only the Медлиния case says it.
    expect(await hits("crdjpyfz fyfkbnbrf")).toEqual({ switched: "сквозная аналитика", urls: ["/projects/cases/medlinia-context/"] });
    // Upper case, and a word of the vacancy's title.
    const vacancy = await hits("FYFKBNBR LFYYS[");
    expect(vacancy.switched).toBe("аналитик данных");
    expect(vacancy.urls[0]).toBe("/career/data-analyst/");
  });

  it("reads Latin words typed with the Russian layout on as they were meant", async () => {
    const seo = await hits("ыущ");
    expect(seo.switched).toBe("seo");
    expect(seo.urls[0]).toBe("/services/seo/");
    expect((await hits("ЫУЩ")).urls[0]).toBe("/services/seo/");
  });

  it("switches only the words typed on the other layout, beside words typed right", async () => {
    // «seo» with the Russian layout on, then a Russian word: only the pages that say both.
    const mixed = await hits("ыущ реклама");
    expect(mixed.switched).toBe("seo реклама");
    expect(mixed.urls.slice(0, 2).sort()).toEqual(["/academy/budget/", "/academy/seo-audit/"]);
    // A Russian word with the Latin layout on, then a Russian one.
    const analyst = await hits("fyfkbnbr данных");
    expect(analyst.switched).toBe("аналитик данных");
    expect(analyst.urls[0]).toBe("/career/data-analyst/");
    // Words the pages use are never switched.
    expect((await hits("seo реклама")).switched).toBeUndefined();
  });

  it("switches a word to one of the synonym table's, which the pages say another way", async () => {
    // «сео аудит» with the Latin layout on: the pages write «SEO», the table has «сео».
    const audit = await hits("ctj felbn");
    expect(audit.switched).toBe("сео аудит");
    expect(audit.urls[0]).toBe("/academy/seo-audit/");
  });

  it("leaves a query that finds pages as typed as it is", async () => {
    expect((await hits("аналитика")).switched).toBeUndefined();
    expect((await hits("SEO")).switched).toBeUndefined();
    // Nonsense in either layout stays nothing.
    expect(await hits("щзщзщзщзщз")).toEqual({ switched: undefined, urls: [] });
  });

  it("reads ё as е everywhere, and э as е in an abbreviation", async () => {
    // The vacancy says «отчёты».
    expect(await hits("отчеты")).toEqual(await hits("отчёты"));
    expect((await hits("отчеты")).urls).toContain("/career/data-analyst/");
    // The table has «сео» for SEO; «СЭО» and «СЕО» are the same abbreviation.
    expect((await hits("СЭО")).urls[0]).toBe("/services/seo/");
    expect((await hits("СЕО")).urls[0]).toBe("/services/seo/");
  });

  // Last in this block: engineOver() swaps the index every test above reads.
  it("reads a short Russian word as the Latin abbreviation it spells aloud", async () => {
    const cpa = await engineOver(
      assembleIndex(
        [
          analyse({ url: "/services/performance-marketing/", kind: "service", title: "Performance-маркетинг", lead: "Оплата за CPA и ROMI в отчёте." }),
          analyse({ url: "/academy/romashka/", kind: "article", title: "Кейс «Ромашки»: отчёт о рекламе" }),
        ],
        [],
      ).files,
    );
    expect(await firstResults(cpa, "цпа", 2)).toEqual(["/services/performance-marketing/"]);
    expect(await firstResults(cpa, "роми", 2)).toEqual(["/services/performance-marketing/"]);
    // A longer word is a word, read as typed.
    expect(await firstResults(cpa, "ромашки", 2)).toEqual(["/academy/romashka/"]);
  });
});

describe("fields a schema searches", () => {
  // Two vacancies and a case: the city, the format and the industry live in fields, which the
  // page shows as small labels; one vacancy's text mentions the other's city in passing. Each
  // vacancy has a text as long as the site's (about 250 words).
  const duties = (what: string) => Array.from({ length: 30 }, (_, i) => `Задача ${i + 1}: ${what}, отчёты и встречи с клиентом.`).join(" ");
  const facts: PageParts[] = [
    {
      url: "/career/seo-kazan/",
      kind: "position",
      title: "SEO-специалист",
      lead: "Ведёте продвижение сайтов клиентов из ритейла.",
      sections: [{ heading: "Обязанности", text: duties("аудит сайта") }],
      facts: [
        { part: "lead", text: "Казань" },
        { part: "lead", text: "Офис" },
        { part: "heading", text: "SEO" },
      ],
    },
    {
      url: "/career/ppc-moscow/",
      kind: "position",
      title: "Специалист по контекстной рекламе",
      lead: "Ведёте кампании в Директе.",
      sections: [
        { heading: "Обязанности", text: duties("кампании в Директе") },
        { heading: "Условия", text: "Командировки в Казань и Самару раз в квартал, офис у метро." },
      ],
      facts: [
        { part: "lead", text: "Москва" },
        { part: "lead", text: "Гибрид" },
      ],
    },
    {
      url: "/projects/cases/clinic/",
      kind: "case",
      title: "Записи в клинику выросли втрое",
      lead: "Перезапустили рекламу сети клиник.",
      facts: [
        { part: "name", text: "Медлиния" },
        { part: "lead", text: "Медицина" },
      ],
    },
    { url: "/academy/medicine-ads/", kind: "article", title: "Как рекламировать клиники", lead: "Медицина в рекламе: что можно, а что нет." },
  ];
  let fields: Engine;
  beforeAll(async () => {
    fields = await engineOver(assembleIndex(facts.map(analyse), []).files);
  });

  it("finds a vacancy by its city in any case form, ahead of a vacancy that mentions the city in passing", async () => {
    expect((await firstResults(fields, "вакансии в Казани", 1))[0]).toBe("/career/seo-kazan/");
    expect((await firstResults(fields, "работа казань", 1))[0]).toBe("/career/seo-kazan/");
    expect((await firstResults(fields, "вакансия москва", 1))[0]).toBe("/career/ppc-moscow/");
  });

  it("finds a case by its client's industry, and by its client as by a name", async () => {
    expect(await firstResults(fields, "кейс медицина", 1)).toEqual(["/projects/cases/clinic/"]);
    expect(await firstResults(fields, "медлиния", 1)).toEqual(["/projects/cases/clinic/"]);
  });

  it("leaves the fields out of a result's excerpt, which is cut from the page's own text", async () => {
    const outcome = await fields.search("казань", null);
    const hits = await fields.loadHits(outcome, 0, 2);
    const kazan = hits.find((h) => h.url === "/career/seo-kazan/");
    expect(kazan?.excerpt.map((part) => part.text).join("")).not.toMatch(/Казань|Офис/);
  });
});

describe("a word typed with a mistake that the synonym table knows", () => {
  it("brings the word's synonym group, as the word typed right would: the page named by another member comes first", async () => {
    const legal = await engineOver(
      assembleIndex(
        [
          analyse({ url: "/privacy/", kind: "page", title: "Политика обработки персональных данных", lead: "Как агентство собирает, хранит и удаляет данные посетителей." }),
          analyse({ url: "/cookies/", kind: "page", title: "Файлы cookie", lead: "Cookie не нарушают конфиденциальность: они хранят настройки сайта." }),
        ],
        [["политика обработки персональных данных", "конфиденциальность"]],
      ).files,
    );
    expect(await firstResults(legal, "конфиденциальность", 2)).toEqual(["/privacy/", "/cookies/"]);
    expect(await firstResults(legal, "конфеденциальность", 2)).toEqual(["/privacy/", "/cookies/"]);
  });
});

describe("a task told in everyday words, most of them on no page", () => {
  it("finds the page holding the rest when half the words are missing, the rarest held counting most", async () => {
    const task = await engineOver(
      assembleIndex(
        [
          analyse({ url: "/projects/cases/hotel/", kind: "case", title: "Гостиница на Урале", lead: "Гостиница перестала платить комиссию агрегаторам: бронирования напрямую выросли вдвое." }),
          analyse({ url: "/services/context/", kind: "service", title: "Контекстная реклама", lead: "Платить только за заявки, а не за показы." }),
          analyse({ url: "/academy/pricing/", kind: "article", title: "Как мы считаем стоимость", lead: "Хотим, чтобы клиент понимал, за что платит." }),
        ],
        [],
      ).files,
    );
    // Seven words; «устали», «огромную» and «букингу» are on no page, so no page holds more than four.
    expect(await firstResults(task, "устали платить огромную комиссию букингу бронирования напрямую", 1)).toEqual(["/projects/cases/hotel/"]);
    // A shorter query is held closer to its words: three of four missing find nothing.
    expect(await firstResults(task, "устали огромную букингу бронирования", 1)).toEqual([]);
  });
});

describe("a task's verb", () => {
  it("need not be on the page that does the task, though a page holding it counts it", async () => {
    const task = await engineOver(
      assembleIndex(
        [
          analyse({ url: "/services/seo/", kind: "service", title: "Продвижение сайта в поиске", lead: "Выводим в топ Яндекса и Google по запросам, которые приносят заявки." }),
          analyse({ url: "/projects/cases/clinic/", kind: "case", title: "Клиника в Казани", lead: "Подняли сайт клиники в выдаче: записей стало вдвое больше за полгода." }),
          analyse({ url: "/academy/hiring/", kind: "article", title: "Поиск аналитика", lead: "Как мы ведём поиск сотрудников в команду." }),
          analyse({ url: "/academy/voice/", kind: "article", title: "Голосовой поиск", lead: "Что меняет голосовой поиск для магазинов." }),
        ],
        [],
      ).files,
    );
    // «поднять» is the rarest word here: missing it would cost the service more than «поиске» costs the case.
    expect(await firstResults(task, "поднять сайт в поиске", 1)).toEqual(["/services/seo/"]);
  });
});

describe("a word the trade's vocabulary reads, beside a word typed right", () => {
  it("is read as the vocabulary says, not switched to the other layout where its letters spell another word", async () => {
    const vocabulary = await engineOver(
      assembleIndex(
        [
          analyse({ url: "/academy/utm/", kind: "article", title: "UTM-метки в рекламе", lead: "Как размечать ссылки кампаний UTM-метками, чтобы видеть источник заявки." }),
          analyse({ url: "/academy/env/", kind: "article", title: "Файл env для скриптов отчётов", lead: "Метки и ключи доступа в env, а не в коде." }),
        ],
        [],
        { glossary: [["UTM", "утм", "UTM-метки"]] },
      ).files,
    );
    // «утм» on the Latin layout is «env», a word of the second page: the glossary's reading wins.
    const outcome = await vocabulary.search("утм метки", null);
    expect(outcome.switched).toBeUndefined();
    expect((await vocabulary.loadHits(outcome, 0, 1)).map((h) => h.url)).toEqual(["/academy/utm/"]);
  });
});

describe("a Russian word written in translit", () => {
  it("is read back as Russians write it where the English reading of its letters finds nothing", async () => {
    const translit = await engineOver(
      assembleIndex(
        [
          analyse({ url: "/projects/reviews/", kind: "review", title: "Отзывы клиентов", lead: "Что говорят о работе с агентством." }),
          analyse({ url: "/projects/cases/", kind: "case", title: "Кейсы агентства", lead: "Задачи клиентов и что из них вышло." }),
        ],
        [],
      ).files,
    );
    expect(await firstResults(translit, "otzyvy", 1)).toEqual(["/projects/reviews/"]);
    expect(await firstResults(translit, "kejsy", 1)).toEqual(["/projects/cases/"]);
  });
});
