import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResultsPreview } from "#core/search/log.ts";
import { type ContentServer, getEntry, publishEntries, releasesSettled, save, startContentServer } from "../support/content.ts";
import { eventually } from "../support/eventually.ts";
import { call } from "../support/studio.ts";

/**
 * A page pinned to a query (issue 58): saved in «Синонимы для поиска», it comes first in «Поиск
 * по сайту»'s results after the next publication, not in the site's results until then; published,
 * it comes first on the site for the query in other case forms and word order. A second pin of
 * the same query is refused at its field; the results endpoint refuses an empty or long query and
 * strangers.
 */
const PAGE = "/contacts/";
const QUERY = "аудит рекламы";

let env: ContentServer;

beforeAll(async () => {
  env = await startContentServer("sqlite");
  await releasesSettled(env);
}, 300_000);
afterAll(async () => {
  await env?.dispose();
});

async function preview(query: string, cookie = env.editor): Promise<SearchResultsPreview> {
  let answer: Response | null = null;
  // Answered once the studio holds the live release (its previews); 503 until then.
  await eventually(async () => {
    answer = await call(env.server, "GET", `/studio/api/search-log/results?q=${encodeURIComponent(query)}`, { cookie });
    return answer.status !== 503;
  }, 60_000, "the studio's previews", 250);
  const res = answer as unknown as Response;
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SearchResultsPreview;
}

/** The addresses of the results the site renders into /search/?q=…. */
async function onSite(query: string): Promise<string[]> {
  const res = await fetch(`${env.server.baseUrl}/search/?q=${encodeURIComponent(query)}`);
  expect(res.status).toBe(200);
  return parse(await res.text())
    .querySelectorAll(".search-hit__title a")
    .map((a) => a.getAttribute("href") ?? "");
}

describe("a page pinned to a query", () => {
  it("comes first in the studio's results after the next publication once saved, and on the site only once published", { timeout: 180_000 }, async () => {
    const before = await preview(QUERY);
    expect(before.now.total).toBeGreaterThan(0);
    expect(before.now.hits[0]?.url).not.toBe(PAGE);
    expect(before.next.hits.map((hit) => hit.url)).toEqual(before.now.hits.map((hit) => hit.url));
    const site = await onSite(QUERY);
    expect(site[0]).toBe(before.now.hits[0]?.url);

    const synonyms = await getEntry(env, "searchSynonyms", "-");
    synonyms.values.pins = [{ query: "Аудит рекламы", page: PAGE }];
    const saved = await save(env, "searchSynonyms", "-", { values: synonyms.values, baseHash: synonyms.hash });
    expect(saved.status, await saved.clone().text()).toBe(200);

    // Saved: first after the next publication, in another word order and case form; not yet on the site.
    const pending = await preview("рекламе аудит");
    expect(pending.next.hits[0]).toEqual({ url: PAGE, title: expect.stringMatching(/\S/), pinned: true });
    expect(pending.next.hits.filter((hit) => hit.url === PAGE)).toHaveLength(1);
    expect(pending.now.hits[0]?.url).not.toBe(PAGE);
    expect(pending.now.hits.some((hit) => hit.pinned)).toBe(false);
    expect((await onSite(QUERY))[0]).not.toBe(PAGE);

    await publishEntries(env, env.editor, ["searchSynonyms/-"]);
    await eventually(async () => (await onSite("аудиту рекламы"))[0] === PAGE, 15_000, "the pin on the site", 250);
    expect((await onSite(QUERY)).filter((url) => url === PAGE)).toHaveLength(1);
    const published = await preview(QUERY);
    expect(published.now.hits[0]).toMatchObject({ url: PAGE, pinned: true });
    expect(published.next.hits[0]).toMatchObject({ url: PAGE, pinned: true });
    // Other queries are as they were.
    const other = await preview("сквозная аналитика");
    expect(other.now.hits.some((hit) => hit.pinned)).toBe(false);
  });

  it("refuses a second pin of the same query at its field, and a query without a letter", async () => {
    const synonyms = await getEntry(env, "searchSynonyms", "-");
    synonyms.values.pins = [
      { query: "Цены", page: "/services/" },
      { query: "цена", page: PAGE },
      { query: "…", page: PAGE },
    ];
    const res = await save(env, "searchSynonyms", "-", { values: synonyms.values, baseHash: synonyms.hash });
    expect(res.status).toBe(422);
    const { errors } = (await res.json()) as { errors: Record<string, string> };
    expect(errors["pins.1.query"]).toBe("Этот запрос уже закреплён в\u00a0строке 1");
    expect(errors["pins.2.query"]?.replace(/\u00a0/g, " ")).toBe("Нужна хотя бы одна буква или цифра");
  });

  it("answers the results endpoint's bad queries at the field, and strangers with 401", async () => {
    for (const q of ["", "   ", "!!!", "я".repeat(101)]) {
      const res = await call(env.server, "GET", `/studio/api/search-log/results?q=${encodeURIComponent(q)}`, { cookie: env.editor });
      expect(res.status, q).toBe(422);
      expect(((await res.json()) as { errors: Record<string, string> }).errors.q).toBe("Напишите запрос, как его вводят посетители");
    }
    expect((await call(env.server, "GET", `/studio/api/search-log/results?q=${encodeURIComponent(QUERY)}`)).status).toBe(401);
  });
});
