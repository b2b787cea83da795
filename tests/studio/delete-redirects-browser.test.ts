import { LinkChecker, LinkState } from "linkinator";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { atEveryWidth } from "../support/axe.ts";
import { launchBrowser } from "../support/browser.ts";
import { type ContentServer, publishEntries, contentFile, EDITOR, getEntry, releasesSettled, save, startContentServer } from "../support/content.ts";
import { call, signedInSession, signIn } from "../support/studio.ts";

/**
 * Deleting with what it needs (issue 52, item 6), in Chromium: an article two old addresses
 * lead to is deleted in its editor; the panel lists them and leads them, with the article's
 * own address, to the page chosen; declining the redirect is refused at the panel, naming
 * them. «Ждут публикации» publishes the deletion alone by taking «Перенаправления» along,
 * said before it goes: one publication, every old address answers 301 to the chosen page,
 * and linkinator finds no broken link.
 */
let env: ContentServer;
let browser: Browser;
let cookie: string;
let victim: { slug: string; title: string };
const extra = "/studio-old-address-of-article/";
const chosen = "/services/";
const plain = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ");
const articles = content().articles as Array<{ slug: string; title: string }>;

beforeAll(async () => {
  env = await startContentServer("sqlite");
  browser = await launchBrowser();
  await releasesSettled(env);
  cookie = await signIn(env.server, EDITOR.login, EDITOR.password);
  // An article only old addresses lead to: nothing else would stop its delete.
  for (const article of articles) {
    const res = await call(env.server, "GET", `/studio/api/content/articles/${article.slug}/references`, { cookie });
    const refs = ((await res.json()) as { references: Array<{ type: string }> }).references;
    if (refs.length > 0 && refs.every((r) => r.type === "redirects")) {
      victim = article;
      break;
    }
  }
}, 420_000);
afterAll(async () => {
  await browser?.close();
  await env?.dispose();
});


/** What is on screen at a phone's, a tablet's and a desktop's width: axe-clean, nothing wider than the screen. */
async function usable(page: Page, what: string): Promise<void> {
  expect(await atEveryWidth(page), what).toEqual([]);
}

const get = (path: string) => fetch(`${env.server.baseUrl}${path}`, { redirect: "manual" });
const releases = async () => ((await (await call(env.server, "GET", "/studio/api/releases", { cookie })).json()) as { releases: unknown[] }).releases.length;

describe("deleting an article old addresses lead to", () => {
  it("leads them to the page chosen in the delete panel, and publishes the deletion alone with «Перенаправления»: every old address answers 301 there", { timeout: 300_000 }, async () => {
    const address = `/academy/${victim.slug}/`;
    // A second old address leads to the article, on the site.
    const tables = await getEntry(env, "redirects", "-", cookie);
    (tables.values.redirects as Array<{ from: string; to: string }>).push({ from: extra, to: address });
    expect((await save(env, "redirects", "-", { values: tables.values, baseHash: tables.hash }, cookie)).status).toBe(200);
    await publishEntries(env, cookie, ["redirects/-"]);
    const leading = contentFile(env.sandbox, "redirects.csv")
      .split("\n")
      .filter((line) => line.endsWith(`,${address}`))
      .map((line) => line.split(",")[0] as string);
    expect(leading).toContain(extra);
    expect(leading.length).toBeGreaterThanOrEqual(2);
    for (const from of leading) expect((await get(from)).headers.get("location"), from).toBe(address);

    const { context, page, problems } = await signedInSession(browser, env.server.baseUrl, EDITOR, 390);
    await page.goto(`${env.server.baseUrl}/studio/content/articles/${victim.slug}/`);
    await page.getByRole("button", { name: "Удалить…" }).click();
    const panel = page.getByRole("region", { name: /^Удалить статью «/ });
    // The panel lists the old addresses that lead here, and says where they will lead: where the article's own 301 goes.
    const rows = panel.getByRole("region", { name: "Перенаправления на эту запись" });
    await rows.waitFor({ timeout: 60_000 });
    expect((await rows.getByRole("listitem").allTextContents()).map(plain).sort()).toEqual(leading.map((from) => `${from} → ${address}`).sort());
    expect(plain(await rows.textContent())).toContain("После удаления они поведут туда же, куда и адрес записи: на /academy/.");
    expect(await panel.getByRole("checkbox", { name: `Перенаправлять адрес ${address} (301)` }).isChecked()).toBe(true);
    await panel.getByLabel("Куда").selectOption(chosen);
    expect(plain(await rows.textContent())).toContain(`на ${chosen}.`);
    await usable(page, "the delete panel");

    // Declined: refused at the panel, in words, naming the old addresses; nothing is deleted.
    await panel.getByRole("checkbox", { name: `Перенаправлять адрес ${address} (301)` }).uncheck();
    expect(plain(await rows.textContent())).toContain("Без перенаправления запись не удалить");
    await panel.getByRole("button", { name: "Удалить", exact: true }).click();
    const refusal = panel.getByRole("alert");
    await refusal.waitFor();
    const said = plain(await refusal.textContent());
    for (const from of leading) expect(said).toContain(`${from} → ${address}`);
    expect(said).not.toMatch(/content\/|\.csv/);
    await usable(page, "the refused delete");
    expect(contentFile(env.sandbox, `academy/${victim.slug}.md`)).toContain("---");

    // With the redirect: deleted, and every row that led to the article leads to the chosen page.
    await panel.getByRole("checkbox", { name: `Перенаправлять адрес ${address} (301)` }).check();
    expect(await panel.getByRole("alert").count()).toBe(0);
    expect(await panel.getByLabel("Куда").inputValue()).toBe(chosen);
    await panel.getByRole("button", { name: "Удалить", exact: true }).click();
    await page.waitForURL(/\/studio\/content\/articles\/$/);
    await page.getByText(/перенесена в\s«Корзину»/).waitFor();
    const saved = contentFile(env.sandbox, "redirects.csv");
    for (const from of [address, ...leading]) expect(saved).toContain(`\n${from},${chosen}\n`);
    expect(saved).not.toContain(`,${address}\n`);

    // The table's state says it has rows not on the site.
    await page.goto(`${env.server.baseUrl}/studio/content/redirects/`);
    await expect.poll(async () => plain(await page.getByTestId("entry-state").textContent())).toBe("Опубликовано, есть неопубликованные правки");

    // «Ждут публикации»: the deletion alone asks to take «Перенаправления» along, saying where the addresses will lead.
    const before = await releases();
    await page.goto(`${env.server.baseUrl}/studio/releases/`);
    await page.getByRole("checkbox", { name: `Выбрать: ${victim.slug}` }).check();
    expect(await page.getByRole("checkbox", { name: "Выбрать: Перенаправления" }).isChecked()).toBe(false);
    await page.getByLabel("Название публикации", { exact: true }).fill("Удалена статья");
    await page.getByRole("button", { name: "Опубликовать выбранное" }).click();
    const together = page.getByRole("region", { name: "Что нужно опубликовать вместе" });
    await together.waitFor();
    const told = plain(await together.textContent());
    expect(told).toContain("Перенаправления: ");
    for (const from of [address, ...leading]) expect(told).toContain(`${from} → ${chosen}`);
    await usable(page, "what goes with the deletion");
    await together.getByRole("button", { name: "Опубликовать вместе" }).click();
    await page.getByText(/Опубликовано за/).waitFor({ timeout: 90_000 });
    expect(await releases()).toBe(before + 1);
    expect(problems).toEqual([]);
    await context.close();

    // The site: the article's address and both old ones answer 301 to the chosen page.
    for (const from of [address, ...leading]) {
      const res = await get(from);
      expect(res.status, from).toBe(301);
      expect(new URL(res.headers.get("location") ?? "", env.server.baseUrl).pathname, from).toBe(chosen);
    }
    expect((await get(chosen)).status).toBe(200);

    // No broken link on the pages the deletion touched, and none to the gone address.
    const origin = env.server.baseUrl;
    const crawl = await new LinkChecker().check({
      path: ["/", "/academy/", chosen].map((path) => origin + path),
      concurrency: 16,
      timeout: 20_000,
      linksToSkip: async (link) => !link.startsWith(origin) || link.startsWith(`${origin}/studio/`),
    });
    const broken = crawl.links.filter((link) => link.state === LinkState.BROKEN).map((link) => `${link.status ?? "?"} ${link.url} (on ${link.parent ?? "?"})`);
    expect(broken).toEqual([]);
    expect(crawl.links.filter((link) => link.state === LinkState.OK).length).toBeGreaterThan(20);
    expect(crawl.links.filter((link) => new URL(link.url).pathname === address).map((link) => link.parent)).toEqual([]);
  });
});
