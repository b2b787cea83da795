import { beforeAll, describe, expect, it, vi } from "vitest";
import type { DocRecord } from "../../app/routes/search/index-format.ts";
import { loadHits, search } from "../../app/routes/search/search-engine.ts";
import { buildIndex } from "./build-index.ts";

const docs: DocRecord[] = [
  { url: "/services/seo/", title: "SEO-продвижение сайтов", kind: "service", text: "SEO-продвижение сайтов. Выводим сайт в топ поиска Яндекса." },
  { url: "/services/aso/", title: "Продвижение приложений", kind: "service", text: "Продвижение приложений в App Store и Google Play." },
  { url: "/academy/retail/", title: "Маркетинг для ритейла", kind: "article", text: "Как ритейлу считать маркетинг. Ёлочные базары и сезонность." },
  { url: "/career/analyst/", title: "Аналитик данных", kind: "position", text: "Ищем аналитика в команду маркетинговой аналитики." },
  { url: "/questions/#q-1", title: "Сколько стоит продвижение?", kind: "question", text: "Сколько стоит продвижение? Зависит от задач." },
];

const fetched: string[] = [];
beforeAll(() => {
  const { files } = buildIndex(docs);
  vi.stubGlobal("fetch", async (url: string) => {
    fetched.push(url);
    const body = files.get(url);
    return body === undefined ? new Response("", { status: 404 }) : new Response(body, { headers: { "Content-Type": "application/json" } });
  });
});

const urls = async (query: string, kind: DocRecord["kind"] | null = null) => {
  const outcome = await search(query, kind);
  return (await loadHits(outcome, 0, 10)).map((hit) => hit.url);
};

describe("the search index and engine", () => {
  // First: later queries find records already fetched.
  it("fetches the manifest, the query's chunks and the shown records only", async () => {
    await urls("ритейл");
    expect(fetched[0]).toBe("/search-index/manifest.json");
    expect(fetched.every((u) => /\/search-index\/(manifest\.json|[0-9a-f]{12}\/(t\d+|d\d+)\.json)$/.test(u))).toBe(true);
    expect(fetched.filter((u) => /\/d\d+\.json$/.test(u))).toHaveLength(1);
  });
  it("finds Russian words in any form, ё read as е", async () => {
    expect(await urls("маркетинга")).toContain("/academy/retail/");
    expect(await urls("продвижению сайтов")).toEqual(["/services/seo/"]);
    expect(await urls("елочные")).toEqual(["/academy/retail/"]);
    expect(await urls("вакансии аналитика")).toEqual([]);
    expect(await urls("аналитика")).toContain("/career/analyst/");
  });

  it("finds English words and words typed so far", async () => {
    expect(await urls("google")).toEqual(["/services/aso/"]);
    expect(await urls("маркет")).toEqual(expect.arrayContaining(["/academy/retail/", "/career/analyst/"]));
  });

  it("ranks a title match first and counts matches per kind, whatever kind is shown", async () => {
    const outcome = await search("продвижение", "question");
    expect(outcome.counts).toMatchObject({ service: 2, question: 1, article: 0 });
    expect(outcome.total).toBe(3);
    expect((await loadHits(outcome, 0, 10)).map((h) => h.url)).toEqual(["/questions/#q-1"]);
    // The title's word outweighs a longer form in the text.
    expect(await urls("маркетинг")).toEqual(["/academy/retail/", "/career/analyst/"]);
  });

  it("answers nothing for nonsense or stop words only", async () => {
    expect((await search("щщщзззкх", null)).total).toBe(0);
    expect((await search("и в на", null)).total).toBe(0);
  });

  it("marks the matched words in each excerpt", async () => {
    const [hit] = await loadHits(await search("сезонности", null), 0, 1);
    expect(hit?.excerpt.filter((p) => p.mark).map((p) => p.text)).toEqual(["сезонность"]);
  });

});
