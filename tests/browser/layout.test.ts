import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openSession } from "../support/browser.ts";
import { baseUrl } from "../support/http.ts";
import { waitForHydration, waitForReady } from "../support/app.ts";
import { layoutShifts, recordLayoutShifts } from "../support/layout-shifts.ts";
import { type Stall, startStallingProxy } from "../support/stalling-proxy.ts";
import { FULL_RUN, sweptPages } from "../support/templates.ts";

/** The spec's design widths (section 9). */
const WIDTHS = [360, 768, 1440] as const;
/** A held page takes seconds: the phone and the desktop per commit, the tablet too in test:full. */
const HELD_WIDTHS = FULL_RUN ? WIDTHS : ([360, 1440] as const);

let browser: Browser;
const pages = new Map<number, { context: BrowserContext; page: Page }>();

beforeAll(async () => {
  browser = await launchBrowser();
  for (const width of WIDTHS) {
    const { context, page } = await openSession(browser, { width, height: 800 });
    pages.set(width, { context, page });
  }
});
afterAll(async () => {
  await browser.close();
});

type Measure = {
  viewport: number;
  scrollWidth: number;
  /** overflow-x of html and body: hidden or clip there would mask a too-wide page. */
  masked: string[];
  bodyFontSize: number;
  /** Running text (sentences in main, outside navigation, tables and code) smaller than 16 px. */
  smallText: string[];
  /** When the page scrolls sideways: the visible elements sticking out, to name the culprit. */
  wide: string[];
};

async function measure(page: Page, path: string): Promise<Measure> {
  await page.goto(baseUrl + path, { waitUntil: "load" });
  await waitForHydration(page);
  return page.evaluate(async () => {
    await document.fonts.ready;
    const viewport = document.documentElement.clientWidth;
    const masked = [document.documentElement, document.body]
      .map((el) => getComputedStyle(el).overflowX)
      .filter((value) => value === "hidden" || value === "clip");
    const running = [...document.querySelectorAll<HTMLElement>("main :is(p, li, dd, blockquote)")].filter(
      (el) => !el.closest("nav, table, pre, figcaption") && (el.textContent ?? "").trim().length >= 60,
    );
    const smallText = running
      .filter((el) => parseFloat(getComputedStyle(el).fontSize) < 16)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${getComputedStyle(el).fontSize}: ${(el.textContent ?? "").trim().slice(0, 40)}`);
    const scrollWidth = document.documentElement.scrollWidth;
    const wide =
      scrollWidth <= viewport
        ? []
        : [...document.querySelectorAll<HTMLElement>("body *")]
            .filter((el) => el.checkVisibility() && el.getBoundingClientRect().right > viewport + 1)
            .slice(0, 5)
            .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return {
      viewport,
      scrollWidth,
      masked,
      bodyFontSize: parseFloat(getComputedStyle(document.body).fontSize),
      smallText,
      wide,
    };
  });
}

/**
 * Loads `url`, whose HTML the proxy holds, and lets the rest go once the browser has painted
 * what arrived before the stall: while the page is still loading, its elements are as many
 * at three frames in a row (the parser has nothing left to add), so the frames between
 * showed all of it. Then waits for what may still move the page: hydration, the app's
 * start-up work and the web fonts.
 */
async function loadHeld(page: Page, url: string, stall: Stall): Promise<void> {
  const loading = page.goto(url, { waitUntil: "load" });
  await stall.reached;
  await page.waitForFunction(
    () => {
      if (location.protocol === "about:") return false;
      if (document.readyState !== "loading") throw new Error("the page loaded while its HTML was held");
      const w = window as Window & { __held?: { size: number; frames: number } };
      const size = document.getElementsByTagName("*").length;
      if (w.__held?.size !== size) w.__held = { size, frames: 0 };
      else w.__held.frames += 1;
      return w.__held.frames >= 2;
    },
    undefined,
    { polling: "raf" },
  );
  stall.release();
  await loading;
  await waitForReady(page);
  await page.evaluate(() => document.fonts.ready);
}

describe("layout at 360, 768 and 1440 px", () => {
  // The phone and the desktop for every page; per commit the tablet for every third page, taking turns (all in test:full).
  const swept = sweptPages()
    .filter((path) => path !== "/error/")
    .map((path, i): [string, readonly number[]] => [path, FULL_RUN || i % 3 === 0 ? WIDTHS : [360, 1440]]);
  it.each(swept)("%s fits the screen, with readable text on phones", async (path, widths) => {
    const results = await Promise.all(
      widths.map(async (width) => {
        const entry = pages.get(width);
        if (!entry) throw new Error(`no page for ${width}`);
        return { width, ...(await measure(entry.page, path)) };
      }),
    );
    for (const r of results) {
      expect(r.masked, `${r.width} px: overflow hidden on html/body`).toEqual([]);
      expect({ width: r.width, scrollWidth: r.scrollWidth, wide: r.wide }).toEqual({ width: r.width, scrollWidth: r.viewport, wide: [] });
    }
    const phone = results.find((r) => r.width === 360);
    expect(phone?.bodyFontSize).toBeGreaterThanOrEqual(16);
    expect(phone?.smallText).toEqual([]);
  });
});

describe("the header while the HTML is still arriving", () => {
  it.each(WIDTHS)("at %i px puts the menu where it stays once the tools after it arrive (no layout shift)", async (width) => {
    const entry = pages.get(width);
    if (!entry) throw new Error(`no page for ${width}`);
    const { page } = entry;
    const menuBox = () => page.locator("details.site-menu").evaluate((el) => {
      const { left, top } = el.getBoundingClientRect();
      return { left: Math.round(left), top: Math.round(top) };
    });
    const html = await (await fetch(`${baseUrl}/services/`)).text();
    const cut = html.indexOf('<div class="site-header__tools"');
    expect(cut, "the header's tools follow the menu in the HTML").toBeGreaterThan(html.indexOf('<details class="site-menu"'));
    // A frame can be painted while the parser is here: the menu is in, the tools are not. The menu is
    // hidden then (header.css), but its box must already stand where it stays.
    await page.route(`${baseUrl}/services/?partial`, (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html.slice(0, cut) }));
    await page.goto(`${baseUrl}/services/?partial`, { waitUntil: "load" });
    const partial = await menuBox();
    await page.goto(`${baseUrl}/services/`, { waitUntil: "load" });
    expect(partial).toEqual(await menuBox());
  });
});

describe("the header while the HTML is held inside it", () => {
  /** Where the parser can stand inside the header: right after the start tag of each of these. */
  const STOPS = ["site-menu", "site-menu__toggle", "site-menu__toggle-label", "site-header__tools", "site-header__search", "site-header__action"];

  function startTagOf(html: string, className: string): string {
    const tag = new RegExp(`<[a-z]+ [^>]*class="(?:[^"]* )?${className}(?: [^"]*)?"[^>]*>`).exec(html);
    if (!tag) throw new Error(`no element .${className} in the HTML`);
    return tag[0];
  }

  it.each(HELD_WIDTHS)("at %i px shows no half-built menu or tools, and nothing moves when the rest arrives", async (width) => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const proxy = await startStallingProxy(baseUrl);
    const { context } = await openSession(browser, { width, height: 800 });
    try {
      await context.addInitScript(() => {
        const w = window as Window & { __firstFrame?: string[] };
        // What the first frame shows of a header still being parsed (nothing, once <main> follows it).
        requestAnimationFrame(() => {
          const whole = document.querySelector(".site-header + *") !== null;
          w.__firstFrame = whole
            ? []
            : [...document.querySelectorAll(".site-header__inner > :not(.site-header__logo)")]
                .filter((el) => el.checkVisibility({ visibilityProperty: true }))
                .map((el) => el.className);
        });
      });
      await recordLayoutShifts(context);
      for (const stop of STOPS) {
        const page = await context.newPage();
        await loadHeld(page, `${proxy.origin}/`, proxy.stallAfter(startTagOf(html, stop)));
        const seen = {
          halfBuiltShown: await page.evaluate(() => (window as Window & { __firstFrame?: string[] }).__firstFrame),
          shifts: (await layoutShifts(page)).map((shift) => shift.description),
        };
        expect(seen, `held after the start tag of .${stop}`).toEqual({ halfBuiltShown: [], shifts: [] });
        await page.close();
      }
    } finally {
      await context.close();
      await proxy.close();
    }
  });
});

describe("blocks while the HTML is held inside them", () => {
  /**
   * Loads `path` with its HTML held right after `marker` until a frame has shown it: the layout
   * shifts seen until the page has settled, and where the first `block` then stands.
   */
  async function shiftsWhenHeld(path: string, marker: string, viewport: { width: number; height: number }, block = "main") {
    const proxy = await startStallingProxy(baseUrl);
    const { context, page } = await openSession(browser, viewport);
    try {
      await recordLayoutShifts(context);
      await loadHeld(page, proxy.origin + path, proxy.stallAfter(marker));
      return {
        shifts: (await layoutShifts(page)).map((shift) => shift.description),
        top: await page.locator(block).first().evaluate((el) => el.getBoundingClientRect().top),
      };
    } finally {
      await context.close();
      await proxy.close();
    }
  }

  // A frame painted with two metrics of a list parsed and the rest not yet: the second must
  // already stand in its final column, not halfway across the row, moving when the rest arrive.
  it.each(["/", "/services/seo/"])("%s at 1440 px: nothing moves when the rest of the list arrives", async (path) => {
    const html = await (await fetch(baseUrl + path)).text();
    const list = /<dl class="stats[^"]*"[^>]*>/.exec(html.slice(html.indexOf("<main")));
    if (!list) throw new Error(`no metrics on ${path}`);
    const start = html.indexOf(list[0]);
    const END = "</dd></div>";
    const second = html.indexOf(END, html.indexOf(END, start) + END.length) + END.length;
    const twoMetrics = html.slice(start, second);
    expect(html.slice(second).startsWith('<div class="stat">'), "the list has more than two metrics").toBe(true);
    const { shifts } = await shiftsWhenHeld(path, twoMetrics, { width: 1440, height: 900 });
    expect(shifts).toEqual([]);
  });

  // A frame can be painted at any point of the HTML (the parser yields when the machine is busy).
  // Where a block's first part stands must not depend on the parts still to come.
  const HELD = [
    // The number stands above its label, though the label comes first.
    { part: "a metric's label", from: /<dl class="stats[^"]*"[^>]*>/, to: "</dt>", block: ".stats .stat__label" },
    // A one-line title is bottom-aligned with the taller action beside it.
    { part: "a section's title", from: /<header class="section__header[^"]*">/, to: "</h2>", block: ".section__header .heading" },
    // The action is right-aligned: it must not widen leftwards after its text.
    { part: "a section's action", from: /<div class="section__action">/, to: "</span>", block: ".section__action a" },
  ];
  describe.each(HELD)("/ held right after $part", ({ from, to, block }) => {
    it.each(HELD_WIDTHS)("at %i px: nothing moves when the rest arrives", async (width) => {
      const html = await (await fetch(baseUrl + "/")).text();
      const found = from.exec(html.slice(html.indexOf("<main")));
      if (!found) throw new Error(`no ${from.source} on /`);
      const start = html.indexOf(found[0]);
      const marker = html.slice(start, html.indexOf(to, start) + to.length);
      const { shifts, top } = await shiftsWhenHeld("/", marker, { width, height: 1200 }, block);
      expect(top, "the block is on the first screen, where a shift counts").toBeLessThan(1200);
      expect(shifts).toEqual([]);
    });
  });
});
