/**
 * For tests: small pages shaped like the site's prerendered ones, and our
 * engine reading an assembled index from memory.
 */
import { vi } from "vitest";
import type * as SearchEngine from "../../app/routes/search/search-engine.ts";
import type { SearchKind } from "#core/search/kinds.ts";
import { analysePage, type AnalysedDoc } from "#core/search/analyse.ts";
import type { Fact } from "#core/search/facts.ts";

export type PageParts = {
  url: string;
  kind: SearchKind;
  /** The current breadcrumb (defaults to the title). */
  crumb?: string;
  title: string;
  lead?: string;
  sections?: Array<{ heading: string; text: string }>;
  /** Titles of other pages shown as cards («Похожие проекты»). */
  cards?: string[];
  names?: string[];
  /** Its entry's searched fields (core/search/facts.ts). */
  facts?: Fact[];
};

/** The same call to action at the end of every page, as on the site. */
export const CALL_TO_ACTION = "Обсудим вашу задачу? Расскажите, что нужно вырастить — заявки, продажи или установки.";

export function pageHtml({ crumb, title, lead, sections = [], cards = [] }: PageParts): string {
  return [
    "<html><body><header><nav>Услуги Проекты Академия</nav></header><main>",
    `<header><nav aria-label="Хлебные крошки"><ol><li>Главная</li><li aria-current="page">${crumb ?? title}</li></ol></nav>`,
    `<h1>${title}</h1>${lead ? `<p>${lead}</p>` : ""}</header>`,
    ...sections.map((s) => `<section><h2>${s.heading}</h2><p>${s.text}</p></section>`),
    cards.length ? `<section><h2>Похожие проекты</h2>${cards.map((c) => `<article><h3>${c}</h3></article>`).join("")}</section>` : "",
    `<section><h2>${CALL_TO_ACTION.split("?")[0]}?</h2><p>${CALL_TO_ACTION.split("? ")[1]}</p>`,
    '<form><label>Имя</label><input name="name"><button>Отправить заявку</button></form></section>',
    "</main><footer>© 2026</footer></body></html>",
  ].join("");
}

export const analyse = (page: PageParts): AnalysedDoc => analysePage({ html: pageHtml(page), url: page.url, kind: page.kind, names: page.names, facts: page.facts });

export type Engine = typeof SearchEngine;

/**
 * A fresh copy of our engine (its caches belong to one index) reading `files`
 * through `fetch`; `fetched` lists every URL it asked for.
 */
export async function engineOver(files: ReadonlyMap<string, string>, fetched: string[] = []): Promise<Engine> {
  vi.resetModules();
  vi.stubGlobal("fetch", async (url: string) => {
    fetched.push(url);
    const body = files.get(url);
    return body === undefined ? new Response("", { status: 404 }) : new Response(body, { headers: { "Content-Type": "application/json" } });
  });
  return import("../../app/routes/search/search-engine.ts");
}

/** The addresses of the first `count` results of `query`. */
export async function firstResults(engine: Engine, query: string, count = 10): Promise<string[]> {
  return (await engine.loadHits(await engine.search(query, null), 0, count)).map((hit) => hit.url);
}
