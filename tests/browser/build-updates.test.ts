import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openSession } from "../support/browser.ts";
import { countDocumentLoads, markSurvived, markWindow, openApp, waitForReady } from "../support/app.ts";
import { baseUrl } from "../support/http.ts";

const HOUR = 3_600_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function pageWithClock(): Promise<Page> {
  const page = await (await openSession(browser)).page;
  await page.clock.install();
  return page;
}

/** Answers the update checks with the given build ids in turn (an Error means a failed request). */
async function answerChecks(page: Page, answers: Array<string | Error>): Promise<string[]> {
  const checks: string[] = [];
  await page.route(
    (url) => url.pathname === "/builds/latest.json",
    (route) => {
      checks.push(route.request().url());
      const answer = answers[checks.length - 1] ?? answers.at(-1);
      if (answer instanceof Error) return route.abort("failed");
      return route.fulfill({ json: { id: answer, timestamp: Date.now() } });
    },
  );
  return checks;
}

async function clickCompany(page: Page) {
  await page.locator("header nav").getByRole("link", { name: "Компания" }).click();
  await page.waitForURL(`${baseUrl}/company/`);
}

describe("update polling", () => {
  it("checks once an hour after load; a new build id makes the next click a full page load", async () => {
    const page = await pageWithClock();
    const checks = await answerChecks(page, ["a-newer-build"]);
    await openApp(page, "/");
    await waitForReady(page);
    await page.clock.runFor(HOUR - 5_000);
    expect(checks).toEqual([]);

    await page.clock.runFor(5_000);
    await expect.poll(() => checks.length).toBe(1);
    expect(new URL(checks[0] ?? "").search).toMatch(/^\?\d{13}$/);
    // Polling has stopped.
    await page.clock.runFor(2 * HOUR);
    expect(checks).toHaveLength(1);

    const loads = countDocumentLoads(page);
    await markWindow(page);
    await clickCompany(page);
    expect(await markSurvived(page)).toBe(false);
    expect(loads.urls).toEqual([`${baseUrl}/company/`]);
  });

  it("keeps navigating in the app while the build is the same, and survives failed checks", async () => {
    const page = await pageWithClock();
    const running = ((await (await fetch(`${baseUrl}/builds/latest.json`)).json()) as { id: string }).id;
    const checks = await answerChecks(page, [new Error("offline"), running, running]);
    await openApp(page, "/");
    await waitForReady(page);

    await page.clock.runFor(HOUR);
    await expect.poll(() => checks.length).toBe(1);
    await page.clock.runFor(HOUR);
    await expect.poll(() => checks.length).toBe(2);

    await markWindow(page);
    await clickCompany(page);
    expect(await markSurvived(page)).toBe(true);
  });
});

describe("build identity files", () => {
  it("publishes the running build and its meta file with their cache policies", async () => {
    const latest = await fetch(`${baseUrl}/builds/latest.json`);
    expect(latest.headers.get("cache-control")).toBe("public, max-age=1");
    const identity = (await latest.json()) as { id: string; timestamp: number };
    expect(Object.keys(identity).sort()).toEqual(["id", "timestamp"]);
    expect(identity.timestamp).toBeGreaterThan(Date.UTC(2024, 0, 1));

    const meta = await fetch(`${baseUrl}/builds/meta/${identity.id}.json`);
    expect(meta.status).toBe(200);
    expect(meta.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = (await meta.json()) as { id: string; routeRules: Record<string, unknown>; prerendered: string[] };
    expect(body.id).toBe(identity.id);
    expect(body.routeRules["/blog/**"]).toEqual({ redirect: "/academy/**", status: 301 });
    expect(body.prerendered).toContain("/");
    expect(body.prerendered).toContain("/services/");
    expect(body.prerendered.every((path) => path.endsWith("/"))).toBe(true);
  });
});
