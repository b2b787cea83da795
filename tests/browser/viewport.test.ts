import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openSession } from "../support/browser.ts";
import { openApp, waitForReady } from "../support/app.ts";
import { layoutShifts, recordLayoutShifts } from "../support/layout-shifts.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function viewportCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "viewport");
}

describe("viewport state", () => {
  it("stores mobile at 375 px for a year, and follows a resize", async () => {
    const { context, page } = await openSession(browser, { width: 375, height: 800 });
    await openApp(page, "/");
    await expect.poll(async () => (await viewportCookie(context))?.value).toBe("mobile");
    const cookie = await viewportCookie(context);
    expect(cookie).toMatchObject({ path: "/", sameSite: "Strict", secure: true });
    const days = ((cookie?.expires ?? 0) * 1_000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(async () => (await viewportCookie(context))?.value).toBe("desktop");
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(async () => (await viewportCookie(context))?.value).toBe("tablet");
  });

  it("causes no layout shift after hydration", async () => {
    for (const width of [375, 1280]) {
      const page = (await openSession(browser, { width, height: 800 })).page;
      await recordLayoutShifts(page);
      await openApp(page, "/");
      // What may move the page after hydration has happened: the app's start-up work (ready) and the web fonts.
      await waitForReady(page);
      await page.evaluate(() => document.fonts.ready);
      expect((await layoutShifts(page)).map((shift) => shift.description), `${width} px`).toEqual([]);
    }
  });
});
