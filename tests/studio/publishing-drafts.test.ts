import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { launchBrowser } from "../support/browser.ts";
import { type ContentServer, EDITOR, getEntry, save, SECOND, startContentServer, releasesSettled } from "../support/content.ts";
import { signedInSession, signIn } from "../support/studio.ts";

/**
 * Publishing what is meant (decision 030), in Chromium, with two editors:
 * one's saved change never goes live with another's publication, a rollback
 * moves only the site and keeps every saved change, and a planned set
 * publishes exactly its entries at its minute (the server's clock is moved
 * there, never waited for).
 */
let env: ContentServer;
let browser: Browser;
const articles = content().articles as Array<{ slug: string; title: string }>;
const [x, y, p, q, r] = articles as [(typeof articles)[0], (typeof articles)[0], (typeof articles)[0], (typeof articles)[0], (typeof articles)[0]];

beforeAll(async () => {
  env = await startContentServer("sqlite");
  browser = await launchBrowser();
  await releasesSettled(env);
}, 420_000);
afterAll(async () => {
  await browser?.close();
  await env?.dispose();
});

const open = async (login: { login: string; password: string }): Promise<Page> => (await signedInSession(browser, env.server.baseUrl, login)).page;

const plain = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ");
const onSite = async (slug: string) => plain(await (await fetch(`${env.server.baseUrl}/academy/${slug}/`)).text());

async function saveTitle(page: Page, slug: string, title: string) {
  await page.goto(`${env.server.baseUrl}/studio/content/articles/${slug}/`);
  await page.getByLabel("Заголовок страницы").fill(title);
  await page.getByRole("button", { name: "Сохранить" }).click();
  await page.getByText(/Сохранено/).waitFor();
}

async function publishHere(page: Page) {
  const region = page.getByRole("region", { name: "Публикация записи" });
  await region.getByRole("button", { name: "Опубликовать" }).click();
  // Done when the editor, reloaded with the site's state, says the entry is published as saved.
  await expect
    .poll(async () => plain(await page.getByTestId("entry-state").textContent()), { timeout: 90_000, interval: 250 })
    .toBe("Опубликовано");
}

/** A moment as people type it in the studio: Moscow wall-clock time, ДД.ММ.ГГГГ ЧЧ:ММ. */
function moscow(ms: number): string {
  const parts = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Moscow", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).format(ms);
  const [day = "", time = ""] = parts.split(" ");
  return `${day.split("-").reverse().join(".")} ${time}`;
}

describe("publishing what is meant", () => {
  it("keeps one editor's saved change off the site when another publishes and rolls back, and lets them publish it later", { timeout: 240_000 }, async () => {
    const titleX = `Правка Марины, не опубликована ${Date.now()}`;
    const titleY = `Правка Павла для сайта ${Date.now()}`;
    const marina = await open(EDITOR);
    const pavel = await open(SECOND);

    await saveTitle(marina, x.slug, titleX);
    expect(plain(await marina.getByTestId("entry-state").textContent())).toBe("Опубликовано, есть неопубликованные правки");

    await saveTitle(pavel, y.slug, titleY);
    await publishHere(pavel);
    await expect.poll(() => onSite(y.slug), { timeout: 10_000, interval: 200 }).toContain(titleY);
    expect(await onSite(x.slug)).not.toContain(titleX);
    expect(await onSite(x.slug)).toContain(plain(x.title).slice(0, 20));

    // Pavel rolls the site back to the release before his.
    await pavel.goto(`${env.server.baseUrl}/studio/releases/`);
    const earlier = pavel.getByRole("row").filter({ has: pavel.getByRole("button", { name: /Вернуть сайт к\sэтой публикации/ }) }).first();
    await earlier.getByRole("button", { name: /Вернуть сайт к\sэтой публикации/ }).click();
    const question = plain(await pavel.getByRole("alert").filter({ hasText: "Вернуть сайт" }).textContent());
    expect(question).toContain(`Статья «${titleY}»`);
    expect(question).not.toContain(`Статья «${titleX}»`);
    expect(question).toContain("Сохранённые правки останутся в студии черновиками");
    await pavel.getByRole("button", { name: "Да, вернуть" }).click();
    await pavel.getByText(/На\sсайте снова публикация/).waitFor();
    await expect.poll(() => onSite(y.slug), { timeout: 10_000, interval: 200 }).not.toContain(titleY);

    // Marina's saved change is still hers to publish, unchanged; publishing it does not bring Pavel's back.
    await marina.goto(`${env.server.baseUrl}/studio/content/articles/${x.slug}/`);
    expect(await marina.getByLabel("Заголовок страницы").inputValue()).toBe(titleX);
    expect(plain(await marina.getByTestId("entry-state").textContent())).toBe("Опубликовано, есть неопубликованные правки");
    await publishHere(marina);
    await expect.poll(() => onSite(x.slug), { timeout: 10_000, interval: 200 }).toContain(titleX);
    expect(await onSite(y.slug)).not.toContain(titleY);
    // Pavel's rolled-back change waits as saved, for him to publish again.
    await pavel.goto(`${env.server.baseUrl}/studio/content/articles/${y.slug}/`);
    expect(await pavel.getByLabel("Заголовок страницы").inputValue()).toBe(titleY);
    expect(plain(await pavel.getByTestId("entry-state").textContent())).toBe("Опубликовано, есть неопубликованные правки");
    await marina.context().close();
    await pavel.context().close();
  });

  it("publishes a set of two entries at its minute, and a third saved before it stays unpublished", { timeout: 240_000 }, async () => {
    const stamp = Date.now();
    const titles = { p: `Первая статья набора ${stamp}`, q: `Вторая статья набора ${stamp}`, r: `Чужая правка, не в наборе ${stamp}` };
    const pavel = await signIn(env.server, SECOND.login, SECOND.password);
    for (const [entry, title, cookie] of [
      [p, titles.p, env.editor],
      [q, titles.q, env.editor],
      [r, titles.r, pavel],
    ] as const) {
      const loaded = await getEntry(env, "articles", entry.slug, cookie);
      const res = await save(env, "articles", entry.slug, { values: { ...loaded.values, title }, baseHash: loaded.hash }, cookie);
      expect(res.status, await res.clone().text()).toBe(200);
    }

    const marina = await open(EDITOR);
    await marina.goto(`${env.server.baseUrl}/studio/releases/`);
    await marina.getByRole("checkbox", { name: `Выбрать: ${titles.p}` }).check();
    await marina.getByRole("checkbox", { name: `Выбрать: ${titles.q}` }).check();
    await marina.getByLabel("Название публикации", { exact: true }).fill("Набор из двух статей");
    const at = env.server.clock.now() + 2 * 60_000;
    await marina.getByLabel("Когда (московское время)").fill(moscow(at));
    await marina.getByRole("button", { name: "Запланировать выбранное" }).click();
    await marina.getByText("Публикация запланирована: записей — 2.").waitFor();
    const plan = marina.getByRole("table", { name: "Запланированные публикации" }).getByRole("row").filter({ hasText: "Набор из двух статей" });
    await expect.poll(() => plan.count()).toBe(1);
    expect(plain(await plan.textContent())).toContain(`Статья «${titles.p}», Статья «${titles.q}»`);
    // Each entry of the set says so where it is listed.
    await marina.goto(`${env.server.baseUrl}/studio/content/articles/`);
    expect(plain(await marina.getByRole("row").filter({ hasText: titles.p }).textContent())).toMatch(/запланировано на/);
    expect(plain(await marina.getByRole("row").filter({ hasText: titles.r }).textContent())).not.toMatch(/запланировано/);

    // The server's clock moves past the minute; the set goes live, exactly.
    env.server.clock.advance(3 * 60_000);
    await expect.poll(() => onSite(p.slug), { timeout: 60_000, interval: 250 }).toContain(titles.p);
    expect(await onSite(q.slug)).toContain(titles.q);
    expect(await onSite(r.slug)).not.toContain(titles.r);
    await marina.goto(`${env.server.baseUrl}/studio/content/articles/${r.slug}/`);
    expect(await marina.getByLabel("Заголовок страницы").inputValue()).toBe(titles.r);
    expect(plain(await marina.getByTestId("entry-state").textContent())).toBe("Опубликовано, есть неопубликованные правки");
    await marina.context().close();
  });
});
