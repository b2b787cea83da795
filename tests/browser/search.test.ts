import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "../../app/routes/search/use-search.ts";
import { launchBrowser, openSession } from "../support/browser.ts";
import { baseUrl } from "../support/http.ts";
import { requestsSettled, waitForHydration } from "../support/app.ts";
import { layoutShifts, recordLayoutShifts } from "../support/layout-shifts.ts";
import { FULL_RUN } from "../support/templates.ts";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];
/** Every URL the page (and its workers) requested, without the origin. */
let requested: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  ({ context, page } = await openSession(browser, { width: 1280, height: 800 }));
  consoleErrors = [];
  requested = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") consoleErrors.push(msg.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  page.on("request", (request) => requested.push(request.url().replace(baseUrl, "")));
});
afterEach(async () => {
  await context.close();
});

async function open(path: string) {
  await page.goto(baseUrl + path);
  await waitForHydration(page);
}

/** Answers need the engine, its WebAssembly and index chunks: give a busy machine time. */
const SLOW = { timeout: 15_000 };

const field = () => page.getByRole("searchbox", { name: "Что вы ищете?" });
const status = () => page.locator(".search-results__status");
const hitLinks = () => page.locator(".search-hit__title a");
const query = () => new URL(page.url()).searchParams.get("q");

/** Types like a visitor and waits until the results answer this query. */
async function typeQuery(text: string) {
  await field().fill(text);
  await expect.poll(() => status().textContent(), SLOW).toContain(`«${text}»`);
}

async function resultPaths(): Promise<string[]> {
  return hitLinks().evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
}

/** Queries typed into the search page; the ranking of each is also checked without a browser (tests/http/search.test.ts). */
const TYPED: Array<[string, string]> = [
    // Another case of the word: the page says «маркетинговый», «маркетингу».
    ["маркетинга", "/services/marketing-consulting/"],
    // Other forms of both words: the page says «продвижение сайтов».
    ["продвижению сайтов", "/services/seo/"],
    // ё written as е: the case is «Море зовёт».
    ["море зовет", "/projects/cases/more-zovet-seo/"],
    // An English word inside Russian text.
    ["python", "/academy/data-python-report-automation/"],
    // Another form of the root: the page says «брендинг» (issue 42).
    ["брендирование", "/services/branding-and-design/"],
    // A question: its question words and politeness ask nothing, «связаться» names the contacts page (issue 42).
    ["как с вами связаться", "/contacts/"],
];

describe("search finds pages by the meaning of a word", () => {
  // Per commit a form of a word and a question; every query in `npm run test:full`.
  it.each(FULL_RUN ? TYPED : TYPED.filter((_, i) => i === 0 || i === TYPED.length - 1))("«%s» finds %s among the first results", async (text, expected) => {
    await open("/search/");
    await typeQuery(text);
    expect((await resultPaths()).slice(0, 3)).toContain(expected);
    expect(query()).toBe(text);
    expect(consoleErrors).toEqual([]);
  });

  it("puts the page the query names first, as the visitor reads it", async () => {
    await open("/search/");
    await typeQuery("ASO");
    const first = page.locator(".search-hit").first();
    expect(await first.locator(".search-hit__title a").getAttribute("href")).toBe("/services/aso/");
    expect(await first.locator(".search-hit__kind").textContent()).toBe("Услуга");
  });

  it("reads a query typed on the wrong keyboard layout as it was meant, and says so", async () => {
    await open("/search/");
    await typeQuery("crdjpyfz fyfkbnbrf");
    expect((await status().textContent())?.replace(/\u00a0/g, " ")).toContain("по запросу «сквозная аналитика» (набрано в другой раскладке: «crdjpyfz fyfkbnbrf»)");
    expect((await resultPaths())[0]).toBe("/services/end-to-end-analytics/");
    expect(query()).toBe("crdjpyfz fyfkbnbrf");
  });

  it("treats ё and е as one letter in the query too", async () => {
    await open("/search/");
    await typeQuery("отчёт");
    const withYo = await resultPaths();
    await typeQuery("отчет");
    expect(withYo.length).toBeGreaterThan(0);
    expect(await resultPaths()).toEqual(withYo);
  });

  it("highlights the matched words in each snippet and labels each result with its kind", async () => {
    await open("/search/?q=маркетинга");
    await expect.poll(() => hitLinks().count(), SLOW).toBeGreaterThan(0);
    const first = page.locator(".search-hit").first();
    expect((await first.locator("mark").allTextContents()).join(" ")).toMatch(/маркетинг/i);
    expect(await first.locator(".search-hit__kind").textContent()).toBe("Услуга");
  });

  it("finds events and questions, which have no page of their own, and links to their place", async () => {
    await open("/search/?q=вебинар");
    await expect.poll(() => hitLinks().count(), SLOW).toBeGreaterThan(0);
    const eventLink = page.locator(".search-hit", { has: page.locator(".search-hit__kind", { hasText: "Событие" }) }).first().locator("a");
    const href = (await eventLink.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/events\/#event-[a-z0-9-]+$/);
    await eventLink.click();
    await page.waitForURL(baseUrl + href);
    await expect.poll(() => page.locator(href.slice(href.indexOf("#"))).count(), SLOW).toBe(1);
  });
});

describe("results by kind", () => {
  it("counts every kind and filters to one, keeping the filter in the address", async () => {
    await open("/search/?q=маркетинга");
    await expect.poll(() => hitLinks().count(), SLOW).toBeGreaterThan(0);
    const articles = page.getByRole("navigation", { name: "Тип результата" }).getByRole("link", { name: /^Статьи/ });
    const count = Number((await articles.locator(".search-kinds__count").textContent()) ?? "0");
    expect(count).toBeGreaterThan(0);
    await articles.click();
    await page.waitForURL(/type=article/);
    await expect.poll(() => resultPaths(), SLOW).toSatisfy((list: string[]) => list.length > 0 && list.every((p) => p.startsWith("/academy/")));
    expect(await articles.getAttribute("aria-current")).toBe("true");
    expect(await hitLinks().count()).toBe(Math.min(count, PAGE_SIZE));
  });
});

describe("more results", () => {
  it("shows the best few first and more on request", async () => {
    await open("/search/?q=маркетинга");
    await expect.poll(() => hitLinks().count(), SLOW).toBe(PAGE_SIZE);
    const first = await resultPaths();
    await page.getByRole("button", { name: "Показать ещё" }).click();
    await expect.poll(() => hitLinks().count(), SLOW).toBe(2 * PAGE_SIZE);
    const all = await resultPaths();
    expect(all.slice(0, PAGE_SIZE)).toEqual(first);
    expect(new Set(all).size).toBe(all.length);
    // Focus continues at the first new result.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("href")), SLOW).toBe(all[PAGE_SIZE]);
  });

  it("comes Back from a result to the same results at the same place", async () => {
    await open("/search/?q=маркетинга");
    await expect.poll(() => hitLinks().count(), SLOW).toBe(PAGE_SIZE);
    await page.getByRole("button", { name: "Показать ещё" }).click();
    await expect.poll(() => hitLinks().count(), SLOW).toBe(2 * PAGE_SIZE);
    const target = hitLinks().nth(2 * PAGE_SIZE - 2);
    await target.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // Where the page stood when the link was followed: the click itself may scroll a little first
    // (an element under the sticky header is brought out from under it), and that is the place to come back to.
    await page.evaluate(() => document.addEventListener("click", () => ((window as Window & { leftAt?: number }).leftAt = window.scrollY), { capture: true, once: true }));
    const href = (await target.getAttribute("href")) ?? "";
    await target.click();
    await page.waitForURL(baseUrl + href);
    const before = await page.evaluate(() => (window as Window & { leftAt?: number }).leftAt);
    expect(before).toBeGreaterThan(0);
    await page.goBack();
    await page.waitForURL(/\/search\/\?q=/);
    await expect.poll(() => hitLinks().count(), SLOW).toBe(2 * PAGE_SIZE);
    await expect.poll(() => page.evaluate(() => window.scrollY), SLOW).toBe(before);
  });
});

describe("empty and unanswerable queries", () => {
  it("suggests popular services and the latest articles for an empty query", async () => {
    await open("/search/");
    const popular = page.getByRole("region", { name: "Популярные услуги" }).getByRole("link");
    const latest = page.getByRole("region", { name: "Новые статьи" }).getByRole("link");
    expect(await popular.count()).toBeGreaterThan(0);
    expect(await latest.count()).toBeGreaterThan(0);
    for (const href of await popular.evaluateAll((a) => a.map((x) => x.getAttribute("href")))) expect(href).toMatch(/^\/services\/[a-z0-9-]+\/$/);
    for (const href of await latest.evaluateAll((a) => a.map((x) => x.getAttribute("href")))) expect(href).toMatch(/^\/academy\/[a-z0-9-]+\/$/);
  });

  it("says nothing was found for nonsense and offers the three main sections", async () => {
    await open("/search/");
    await typeQuery("зщшвыфйцк");
    // UI strings are typographed: the short word is bound to the next one with a no-break space.
    expect((await status().textContent())?.replace(/\u00a0/g, " ")).toContain("ничего не нашлось");
    expect(await hitLinks().count()).toBe(0);
    const sections = page.locator(".search-results").getByRole("navigation", { name: "Разделы сайта" }).getByRole("link");
    expect(await sections.allTextContents()).toEqual(["Портфолио", "Услуги", "Академия"]);
    expect(await sections.evaluateAll((a) => a.map((x) => x.getAttribute("href")))).toEqual(["/projects/", "/services/", "/academy/"]);
  });
});

describe("the query lives in the address", () => {
  it("puts the typed query into the URL and shows the same results after a reload", async () => {
    await open("/search/");
    await typeQuery("продвижению сайтов");
    expect(query()).toBe("продвижению сайтов");
    const before = await resultPaths();
    await page.reload();
    await expect.poll(() => resultPaths(), SLOW).toEqual(before);
    expect(await field().inputValue()).toBe("продвижению сайтов");
  });

  it("returns to the previous query on Back, results included", async () => {
    await open("/search/");
    await field().fill("маркетинга");
    await field().press("Enter");
    await expect.poll(() => status().textContent(), SLOW).toContain("«маркетинга»");
    const first = await resultPaths();
    await field().fill("python");
    await field().press("Enter");
    await expect.poll(() => status().textContent(), SLOW).toContain("«python»");
    await page.goBack();
    await expect.poll(() => query(), SLOW).toBe("маркетинга");
    await expect.poll(() => field().inputValue(), SLOW).toBe("маркетинга");
    await expect.poll(() => resultPaths(), SLOW).toEqual(first);
    await page.goBack();
    await expect.poll(() => query(), SLOW).toBe(null);
    await expect.poll(() => field().inputValue(), SLOW).toBe("");
  });
});

describe("the header entry", () => {
  it("opens search with / and focuses the field; Ctrl+K focuses it on the search page", async () => {
    await open("/services/");
    await page.keyboard.press("/");
    await page.waitForURL(`${baseUrl}/search/`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), SLOW).toBe("search-q");
    await page.locator("h1").click();
    await page.keyboard.press("Control+k");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), SLOW).toBe("search-q");
  });

  it("is a keyboard-reachable link with an accessible name", async () => {
    await open("/");
    const entry = page.locator("header").getByRole("link", { name: "Поиск по сайту" });
    await entry.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseUrl}/search/`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), SLOW).toBe("search-q");
  });
});

describe("search code loads only for searching", () => {
  const isSearchCode = (url: string) => url.startsWith("/search-index/") || /\/assets\/search-engine-/.test(url);

  it("pages other than /search/ load neither the engine nor the index", async () => {
    await open("/");
    for (const name of ["Услуги", "Академия", "Проекты"]) {
      await page.locator("header nav").getByRole("link", { name }).click();
      await expect.poll(() => page.locator("h1").textContent(), SLOW).toBeTruthy();
    }
    // The header's link to /search/ is prefetched as pages settle: that route's module with
    // every module it imports, asked for together. Once it has been asked for, a request of the
    // page's own comes after all of them, and after whatever the pages shown asked for before.
    const searchRoute = await page.evaluate(
      () => (window as Window & { __reactRouterManifest?: { routes: Record<string, { module: string }> } }).__reactRouterManifest?.routes["routes/search/page"]?.module,
    );
    expect(searchRoute).toMatch(/^\/assets\/.+\.js$/);
    await expect.poll(() => requested.includes(searchRoute ?? ""), SLOW).toBe(true);
    await requestsSettled(page);
    expect(requested.filter(isSearchCode)).toEqual([]);
    expect(requested.length).toBeGreaterThan(0);
  });

  it("the search page loads them once a query is typed, not before", async () => {
    await open("/search/");
    expect(requested.filter(isSearchCode)).toEqual([]);
    await typeQuery("маркетинга");
    const loaded = requested.filter(isSearchCode);
    expect(loaded.some((u) => /\/assets\/search-engine-/.test(u))).toBe(true);
    expect(loaded).toContain("/search-index/manifest.json");
    expect(loaded.some((u) => /^\/search-index\/t\/[\w-]+\.json$/.test(u))).toBe(true);
  });
});

describe("without JavaScript", () => {
  it("the form submits to /search/?q= and, without JavaScript, the page shows the first results (issue 58)", async () => {
    const { context: noJs, page: plain } = await openSession(browser, { javaScriptEnabled: false });
    await plain.goto(`${baseUrl}/search/`);
    await plain.getByRole("searchbox", { name: "Что вы ищете?" }).fill("маркетинга");
    await plain.getByRole("button", { name: "Найти" }).click();
    await plain.waitForURL(`${baseUrl}/search/?q=%D0%BC%D0%B0%D1%80%D0%BA%D0%B5%D1%82%D0%B8%D0%BD%D0%B3%D0%B0`);
    expect(await plain.getByRole("searchbox").inputValue()).toBe("маркетинга");
    const results = plain.getByRole("region", { name: "Результаты поиска" });
    expect((await results.getByRole("status").textContent())?.replace(/\u00a0/g, " ")).toMatch(/^Найдено \d+ результат\S* по\sзапросу «маркетинга»$/);
    const links = await results.locator(".search-hit__title a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(links.slice(0, 3)).toContain("/services/marketing-consulting/");
    // A kind is a plain link: followed without JavaScript, the server answers it.
    await results.getByRole("link", { name: /^Статьи/ }).click();
    await plain.waitForURL(/type=article/);
    const articles = await plain.locator(".search-hit__title a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(articles.length).toBeGreaterThan(0);
    for (const href of articles) expect(href).toMatch(/^\/academy\//);
    await noJs.close();
  });
});

type Watched = Window & { __hitsRemoved?: number };

describe("a query in the address (issue 58)", () => {
  it("shows the server's results at first paint, and the page's engine takes over without an error, a flash or a shift", async () => {
    // From the first byte: layout shifts, and any result taken out of the page (a hydration that
    // does not match re-renders the page's nodes; a flash removes the results and draws them again).
    await recordLayoutShifts(page);
    await page.addInitScript(() => {
      const w = window as Watched;
      w.__hitsRemoved = 0;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node instanceof Element && (node.matches(".search-hit") || node.querySelector(".search-hit"))) w.__hitsRemoved = (w.__hitsRemoved ?? 0) + 1;
      }).observe(document, { childList: true, subtree: true });
    });
    // A slow phone's CPU: the first paint comes while the page is still being laid out. A busy test
    // machine once caught the search button growing there as its label came (issue 58, test:full).
    await (await page.context().newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: 8 });
    const path = `/search/?q=${encodeURIComponent("сквозная аналитика")}`;
    await page.goto(baseUrl + path, { waitUntil: "commit" });
    // Before the app runs: the results are in the HTML.
    await page.waitForSelector(".search-hit__title a", { state: "attached" });
    const served = await resultPaths();
    const servedStatus = await status().textContent();
    expect(served[0]).toBe("/services/end-to-end-analytics/");
    await waitForHydration(page);
    // The page's own engine answers the query in the address: its code, then the records of the results shown.
    await expect.poll(() => requested.filter((u) => u.startsWith("/search-index/r/")).length, SLOW).toBeGreaterThanOrEqual(served.length);
    await requestsSettled(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(requested.some((u) => /\/assets\/search-engine-/.test(u))).toBe(true);
    expect(await resultPaths()).toEqual(served);
    expect(await status().textContent()).toBe(servedStatus);
    expect(await page.locator(".search-results[aria-busy=true]").count()).toBe(0);
    expect(await page.evaluate(() => (window as Watched).__hitsRemoved)).toBe(0);
    expect(await layoutShifts(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    // Taken over: more results come from the page's engine.
    await page.getByRole("button", { name: "Показать ещё" }).click();
    await expect.poll(() => hitLinks().count(), SLOW).toBeGreaterThan(served.length);
    expect(consoleErrors).toEqual([]);
  });
});
