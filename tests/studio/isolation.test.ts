import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_DIR } from "#core/config/folders.server.ts";
import { waitForReady } from "../support/app.ts";
import { launchBrowser, openSession } from "../support/browser.ts";
import { inPool } from "../support/pool.ts";
import { baseUrl } from "../support/http.ts";
import { FULL_RUN, pageTemplates } from "../support/templates.ts";

/**
 * The studio is a room of its own: no public page loads a byte of it, and
 * nothing of it is in the public build. (The home page's JavaScript budget is
 * held by tests/browser/budgets.test.ts.) Each page is watched until its
 * network falls quiet, seconds a page: per commit the templates whose pages
 * load code of their own (a form, search, the home page's blocks, a long
 * text), every template in `npm run test:full`; the build's scan below covers
 * every file per commit.
 */
const WATCHED = ["home", "article", "position", "contacts", "search", "case"];
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("public pages and the studio", () => {
  it("no public page requests anything under /studio/", async () => {
    const studioRequests: string[] = [];
    const { context } = await openSession(browser, { width: 1440, height: 900 });
    const visit = async (path: string) => {
      const page = await context.newPage();
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname === "/studio" || url.pathname.startsWith("/studio/")) studioRequests.push(`${path} → ${url.pathname}`);
      });
      await page.goto(baseUrl + path);
      // Every public page starts its app: one that never did would load nothing, and pass below for that.
      await waitForReady(page);
      // What a page asks for later (fonts after load, prefetches when idle) counts too.
      await page.waitForLoadState("networkidle");
      await page.close();
    };
    // Three tabs at a time: each waits for its network to fall quiet.
    const templates = pageTemplates().filter((t) => FULL_RUN || WATCHED.includes(t.name));
    expect(templates.length).toBeGreaterThanOrEqual(FULL_RUN ? 20 : WATCHED.length);
    await inPool(templates.map(({ path }) => () => visit(path)), 3);
    await context.close();
    expect(studioRequests).toEqual([]);
  });

  it("the public build names nothing of the studio", () => {
    const mentions = readdirSync(CLIENT_DIR, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(js|css|html|json)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((file) => /\/studio\b|studio_session/.test(readFileSync(file, "utf8")));
    expect(mentions).toEqual([]);
  });
});
