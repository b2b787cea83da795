import { beforeAll, describe, expect, it } from "vitest";
import { assembleIndex } from "./assemble.ts";
import { analyse, type Engine, engineOver, firstResults, type PageParts } from "./fixtures.ts";
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

  it("ranks a page found with a typo after every page found as typed", async () => {
    // «маркетнг» is a typo of «маркетинг» on three pages, but one page writes «маркетнг» itself.
    const typo = { url: "/academy/typo/", kind: "article", title: "Заметки", lead: "Слово маркетнг здесь написано с опечаткой." } as const;
    const { files } = assembleIndex([...pages.map(analyse), analyse(typo)], synonyms);
    const other = await engineOver(files);
    expect(await firstResults(other, "маркетнг", 10)).toEqual(["/academy/typo/"]);
    engine = await engineOver(assembleIndex([...pages.map(analyse), ...records], synonyms).files);
  });
});

describe("what does not make a page match", () => {
  it("ignores the call to action, forms and cards that many pages repeat", async () => {
    expect((await engine.search("обсудим вашу задачу", null)).total).toBe(0);
    expect((await engine.search("отправить заявку", null)).total).toBe(0);
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
