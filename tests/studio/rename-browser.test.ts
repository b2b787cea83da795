import AxeBuilder from "@axe-core/playwright";
import { LinkChecker, LinkState } from "linkinator";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { launchBrowser } from "../support/browser.ts";
import { type ContentServer, publishEntries, contentFile, EDITOR, getEntry, save, startContentServer, releasesSettled } from "../support/content.ts";
import { call, signedInSession, signIn } from "../support/studio.ts";
import { FULL_RUN } from "../support/templates.ts";

/**
 * Renaming follows references (decision 031), in Chromium: a case named by
 * two services and a review, and linked from an article's text, gets a new
 * address in its editor; the rename panel lists the four places, one save
 * changes them all, one «Опубликовать» (saying first what goes with it)
 * publishes them together; the old address answers 301 to the new, every
 * page links to the new one, and linkinator finds no broken link on the site.
 */
let env: ContentServer;
let browser: Browser;
let cookie: string;
const OLD = "sever-market-seo";
const NEW = "sever-market-2026";
const oldPath = `/projects/cases/${OLD}/`;
const newPath = `/projects/cases/${NEW}/`;
const site = content();
const services = site.services.filter((s) => s.cases.includes(OLD));
const review = site.reviews.find((r) => r.case === OLD);
const article = site.articles[0] as (typeof site.articles)[0];
const plain = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ");

beforeAll(async () => {
  env = await startContentServer("sqlite");
  browser = await launchBrowser();
  await releasesSettled(env);
  cookie = await signIn(env.server, EDITOR.login, EDITOR.password);
}, 420_000);
afterAll(async () => {
  await browser?.close();
  await env?.dispose();
});


/** The panel as a phone shows it: axe-clean, nothing wider than the screen. */
async function usable(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

const get = (path: string) => fetch(`${env.server.baseUrl}${path}`, { redirect: "manual" });

describe("renaming follows references", () => {
  it("renames a case named by two services, a review and a link in an article: one save, one publication, a 301, no broken link", { timeout: 240_000 }, async () => {
    expect(services.length).toBe(2);
    expect(review).toBeDefined();
    // The article links to the case in its text, and is on the site so.
    const loaded = await getEntry(env, "articles", article.slug, cookie);
    const body = `${String(loaded.values.body).trimEnd()}\n\nКак это выглядит на деле, в [кейсе «Север-маркета»](${oldPath}#задача).\n`;
    const saved = await save(env, "articles", article.slug, { values: { ...loaded.values, body }, baseHash: loaded.hash }, cookie);
    expect(saved.status, await saved.clone().text()).toBe(200);
    await publishEntries(env, cookie, [`articles/${article.slug}`]);
    expect(await (await get(`/academy/${article.slug}/`)).text()).toContain(`href="${oldPath}#задача"`);
    // Someone else's unrelated saved change in one of the services: it goes with the rename, and is said so.
    const [first, second] = services as [(typeof services)[0], (typeof services)[0]];
    const service = await getEntry(env, "services", first.slug, cookie);
    const otherTitle = `${String(service.values.title)} — правка коллеги`;
    expect((await save(env, "services", first.slug, { values: { ...service.values, title: otherTitle }, baseHash: service.hash }, cookie)).status).toBe(200);

    const { context, page, problems } = await signedInSession(browser, env.server.baseUrl, EDITOR, 390);
    await page.goto(`${env.server.baseUrl}/studio/content/cases/${OLD}/`);
    await page.getByLabel("Адрес", { exact: true }).fill(NEW);
    await page.getByRole("button", { name: "Сохранить", exact: true }).click();

    // The panel lists the four places by title, with their fields, and the link in the text as a link.
    const places = page.getByRole("region", { name: "Где на запись ссылаются" });
    // Listing reads every content file: on a busy machine it may take a while.
    await places.waitFor({ timeout: 60_000 });
    const all = (await places.getByRole("listitem").allTextContents()).map(plain);
    // The redirects table's rows that led to the old address are listed too: they will lead to the new one.
    const lines = all.filter((line) => !line.endsWith("поле «Старые адреса»")).sort();
    expect(all.filter((line) => line.endsWith("поле «Старые адреса»")).every((line) => line.includes(`→ ${oldPath}`))).toBe(true);
    expect(lines).toEqual(
      [
        `${plain(first.name)} — поле «Кейсы»`,
        `${plain(second.name)} — поле «Кейсы»`,
        `${plain(review?.title ?? "")} — поле «Кейс»`,
        `${plain(article.title)} — ссылка в тексте «Текст статьи»`,
      ].sort(),
    );
    expect(plain(await places.textContent())).toContain("все эти ссылки поменяются на новый адрес");
    await usable(page);
    await page.getByRole("button", { name: "Сохранить с новым адресом" }).click();
    await page.waitForURL(new RegExp(`/studio/content/cases/${NEW}/$`));
    await page.getByText(/Сохранено/).first().waitFor();

    // One save changed every referrer's saved file.
    for (const path of [`services/${first.slug}.md`, `services/${second.slug}.md`, `projects/reviews/${review?.slug}.md`]) {
      expect(contentFile(env.sandbox, path)).toContain(NEW);
      expect(contentFile(env.sandbox, path)).not.toContain(OLD);
    }
    expect(contentFile(env.sandbox, `academy/${article.slug}.md`)).toContain(`[кейсе «Север-маркета»](${newPath}#задача)`);
    expect(contentFile(env.sandbox, `services/${first.slug}.md`)).toContain(otherTitle);

    // A plan cannot carry the old page's removal and its 301: planning the rename is refused at once, in words.
    const planned = await call(env.server, "POST", "/studio/api/schedules", { cookie, body: { message: "План", at: new Date(env.server.clock.now() + 3_600_000).toISOString(), entries: [`cases/${NEW}`] } });
    expect(planned.status).toBe(422);
    expect(plain(((await planned.json()) as { errors: { entries: string } }).errors.entries)).toBe("Запись с новым адресом публикуется сразу, не по плану: со старого адреса нужно перенаправление");

    // Choosing the old entry's removal (as «Ждут публикации» may) asks for the whole rename too.
    const fromOld = await call(env.server, "POST", "/studio/api/releases", { cookie, body: { message: "Только удаление", entries: [`cases/${OLD}`] } });
    expect(fromOld.status).toBe(409);
    const asked = ((await fromOld.json()) as { needed: Array<{ key: string }> }).needed.map((n) => n.key).sort();
    expect(asked).toEqual([`articles/${article.slug}`, `cases/${NEW}`, `cases/${OLD}`, `reviews/${review?.slug}`, `services/${first.slug}`, `services/${second.slug}`].sort());

    // «Опубликовать» says what goes with it, then publishes it all at once.
    const region = page.getByRole("region", { name: "Публикация записи" });
    await region.getByRole("button", { name: "Опубликовать", exact: true }).click();
    const together = page.getByRole("region", { name: "Что нужно опубликовать вместе" });
    await together.waitFor();
    await usable(page);
    const said = plain(await together.textContent());
    expect(said).toContain(`Старый адрес ${oldPath}: уйдёт с сайта и будет перенаправлен на новый (301)`);
    for (const title of [plain(second.name), plain(review?.title ?? ""), plain(article.title)]) expect(said).toContain(`${title}: ссылка на`);
    expect(said).toMatch(new RegExp(`${plain(first.name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: ссылка на .*уйдёт вся сохранённая версия записи`));
    const releasesBefore = ((await (await call(env.server, "GET", "/studio/api/releases", { cookie })).json()) as { releases: unknown[] }).releases.length;
    await together.getByRole("button", { name: "Опубликовать вместе" }).click();
    // Done when the editor says the entry is published; a refusal is said at once, not after the timeout.
    const outcome = async () => {
      const refused = page.getByText(/^Не\sопубликовано/);
      if ((await refused.count()) > 0) return plain(await refused.first().textContent());
      return plain(await page.getByTestId("entry-state").textContent());
    };
    await expect.poll(outcome, { timeout: 90_000, interval: 250 }).toMatch(/^(Опубликовано|Не\sопубликовано.*)$/);
    expect(await outcome()).toBe("Опубликовано");
    const releases = ((await (await call(env.server, "GET", "/studio/api/releases", { cookie })).json()) as { releases: unknown[] }).releases;
    expect(releases.length).toBe(releasesBefore + 1);
    expect(problems).toEqual([]);
    await context.close();

    // The site: the new address, a 301 from the old, every page linking to the new.
    expect((await get(newPath)).status).toBe(200);
    const moved = await get(oldPath);
    expect(moved.status).toBe(301);
    expect(new URL(moved.headers.get("location") ?? "", env.server.baseUrl).pathname).toBe(newPath);
    for (const path of [`/services/${first.slug}/`, `/services/${second.slug}/`, `/projects/reviews/${review?.slug}/`, `/academy/${article.slug}/`]) {
      const html = await (await get(path)).text();
      expect(html, path).toContain(`href="${newPath}`);
      expect(html, path).not.toContain(`href="${oldPath}`);
    }

    // No broken link and none to the old address: on the pages the rename touched and those that
    // list cases per commit; on every page of the site (a crawl of a few hundred) in test:full.
    const origin = env.server.baseUrl;
    const touched = ["/", "/projects/", newPath, `/services/${first.slug}/`, `/services/${second.slug}/`, `/projects/reviews/${review?.slug}/`, `/academy/${article.slug}/`];
    const crawl = await new LinkChecker().check({
      path: FULL_RUN ? `${origin}/` : touched.map((path) => origin + path),
      recurse: FULL_RUN,
      concurrency: 16,
      timeout: 20_000,
      linksToSkip: async (link) => !link.startsWith(origin) || link.startsWith(`${origin}/studio/`),
    });
    const broken = crawl.links.filter((link) => link.state === LinkState.BROKEN).map((link) => `${link.status ?? "?"} ${link.url} (on ${link.parent ?? "?"})`);
    expect(broken).toEqual([]);
    expect(crawl.links.filter((link) => link.state === LinkState.OK).length).toBeGreaterThan(FULL_RUN ? 100 : 50);
    expect(crawl.links.filter((link) => new URL(link.url).pathname === oldPath).map((link) => link.parent)).toEqual([]);
  });
});
