import type { ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { collectErrors, markSurvived, markWindow, openApp, waitForHydration } from "../support/app.ts";
import { launchBrowser, openSession } from "../support/browser.ts";
import { liveRelease, makeSandbox, runPublish, type Sandbox } from "../support/releases.ts";
import { freePort, startServer, stopServer } from "../support/server.ts";

/**
 * A visitor's open tab while a new release goes live: the page knows the release it came from,
 * navigation in the app goes on into the new one, and latest.json names it. The servers' side of
 * releases (origins, switching, files) is tests/releases/servers.test.ts.
 */
let server: ChildProcess | undefined;
afterAll(async () => {
  if (server) await stopServer(server);
});

const releaseOf = async (url: string) => (await fetch(`${url}/`)).headers.get("x-release-id");

function retitle(sandbox: Sandbox, slug: string, title: string) {
  const file = join(sandbox.contentDir, "academy", `${slug}.md`);
  writeFileSync(file, readFileSync(file, "utf8").replace(/^title: .*$/m, `title: ${JSON.stringify(title)}`));
}

describe("an open tab across a release", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("knows its release, keeps navigating in the app, and sees the new id in latest.json", async () => {
    const sandbox = makeSandbox();
    const port = await freePort();
    server = await startServer(port, sandbox.env);
    const url = `http://127.0.0.1:${port}`;
    const page = await (await openSession(browser)).page;
    const errors = collectErrors(page);
    await openApp(page, "/academy/", url);
    const before = liveRelease(sandbox.releasesDir);
    const running = await page.evaluate(() => {
      const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      return entry?.serverTiming.find((t) => t.name === "release")?.description;
    });
    expect(running).toBe(before);

    const article = content().articles[2] as { slug: string };
    retitle(sandbox, article.slug, "Заголовок из новой публикации");
    expect((await runPublish(sandbox)).code).toBe(0);
    const after = liveRelease(sandbox.releasesDir);
    await expect.poll(() => releaseOf(url), { timeout: 10_000, interval: 200 }).toBe(after);
    const latest = (await (await fetch(`${url}/builds/latest.json`)).json()) as { id: string };
    expect(latest.id).toBe(after);
    // The meta file of the tab's own release is still there for it.
    expect((await fetch(`${url}/builds/meta/${before}.json`)).status).toBe(200);

    await markWindow(page);
    await page.locator(`a[href="/academy/${article.slug}/"]`).first().click();
    await page.waitForURL(`${url}/academy/${article.slug}/`);
    await waitForHydration(page);
    // Typography binds the short word to the next one.
    await expect.poll(async () => (await page.locator("h1").textContent())?.replace(/\u00a0/g, " ")).toBe("Заголовок из новой публикации");
    expect(await markSurvived(page)).toBe(true);
    expect(errors).toEqual([]);
  });
});
