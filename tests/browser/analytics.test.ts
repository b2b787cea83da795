import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openSession } from "../support/browser.ts";
import { type FormsServer, startFormsServer } from "../support/forms-server.ts";
import { counterDecided, navigateInApp, openApp } from "../support/app.ts";
import { baseUrl } from "../support/http.ts";

const COUNTER = "12345678";
let browser: Browser;
let server: FormsServer;
let origin: string;

// A second server: the counter id is runtime configuration, read at start, over the same build
// (configured as tests/browser/forms.test.ts configures its own: the same release serves both).
beforeAll(async () => {
  server = await startFormsServer("sqlite", { env: { PUBLIC_METRIKA_ID: COUNTER } });
  origin = server.baseUrl;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await server?.dispose();
});

type Call = [number, string, ...unknown[]];
type YmWindow = Window & { __ymCalls?: Call[]; ym?: unknown };

/** Replaces the counter with a recorder; the real tag script is never fetched from the internet. */
async function pageWithStubbedCounter(): Promise<{ page: Page; tagRequests: string[] }> {
  const page = await (await openSession(browser)).page;
  await page.addInitScript(() => {
    const w = window as YmWindow;
    w.__ymCalls = [];
    w.ym = (...args: Call) => w.__ymCalls?.push(args);
  });
  const tagRequests: string[] = [];
  await page.route("https://mc.yandex.ru/**", (route) => {
    tagRequests.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: "" });
  });
  return { page, tagRequests };
}

const calls = (page: Page) => page.evaluate(() => (window as YmWindow).__ymCalls ?? []);
const hits = async (page: Page) => (await calls(page)).filter((call) => call[1] === "hit");

describe("Yandex Metrica", () => {
  it("sends one hit for the first view and one per navigation, with the full path and the new title", async () => {
    const { page, tagRequests } = await pageWithStubbedCounter();
    await openApp(page, "/", origin);
    await expect.poll(async () => (await hits(page)).length).toBe(1);
    const [init] = await calls(page);
    expect(init).toEqual([Number(COUNTER), "init", expect.objectContaining({ defer: true })]);
    expect((await hits(page))[0]).toEqual([Number(COUNTER), "hit", "/", expect.objectContaining({ title: await page.title() })]);
    // The tag script is asked for by a <script> the counter adds, after its first calls are queued.
    await expect.poll(() => tagRequests).toEqual(["https://mc.yandex.ru/metrika/tag.js"]);

    await page.locator("header nav").getByRole("link", { name: "Компания" }).click();
    await page.waitForURL(`${origin}/company/`);
    await expect.poll(async () => (await hits(page)).length).toBe(2);
    const companyTitle = await page.title();
    expect((await hits(page))[1]).toEqual([Number(COUNTER), "hit", "/company/", expect.objectContaining({ title: companyTitle })]);

    await navigateInApp(page, "/search/?q=seo#results");
    await page.waitForURL(`${origin}/search/?q=seo#results`);
    await expect.poll(async () => (await hits(page)).length).toBe(3);
    const searchTitle = await page.title();
    expect(searchTitle).not.toBe(companyTitle);
    expect((await hits(page))[2]).toEqual([
      Number(COUNTER),
      "hit",
      "/search/?q=seo#results",
      expect.objectContaining({ title: searchTitle, referer: "/company/" }),
    ]);
    expect((await calls(page)).filter((call) => call[1] === "init")).toHaveLength(1);
  });

  it("is named by the cookie notice when it runs", async () => {
    const { page } = await pageWithStubbedCounter();
    await openApp(page, "/contacts/", origin);
    const notice = page.getByRole("region", { name: "Уведомление о cookie" });
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toMatch(/для\sстатистики\sпосещений\s\(Яндекс\sМетрика\)/);
  });

  it("reaches prerendered and rendered pages alike, as a meta tag", async () => {
    for (const path of ["/", "/services/", "/no-such-page/"]) {
      const html = await (await fetch(origin + path)).text();
      expect(html, path).toContain(`<meta name="runtime-config" content="{&quot;metrikaId&quot;:&quot;${COUNTER}&quot;}">`);
    }
  });

  it("has no counter without an id", async () => {
    const { page, tagRequests } = await pageWithStubbedCounter();
    await openApp(page, "/");
    await counterDecided(page);
    expect(await calls(page)).toEqual([]);
    expect(tagRequests).toEqual([]);
    expect(await (await fetch(`${baseUrl}/`)).text()).not.toContain('name="runtime-config"');
    // The cookie notice names no processing that does not happen.
    const notice = page.getByRole("region", { name: "Уведомление о cookie" });
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toMatch(/только\sнеобходимые\scookie/);
    expect(await notice.textContent()).not.toMatch(/Метрик|Metri[ck]a/i);
    expect(await notice.getByRole("button").allTextContents()).toEqual(["Понятно"]);
  });
});
