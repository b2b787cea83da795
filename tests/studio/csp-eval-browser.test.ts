import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { launchBrowser } from "../support/browser.ts";
import { addUser, signedInSession, startStudioServer, type StudioServer } from "../support/studio.ts";
import { FULL_RUN } from "../support/templates.ts";

/**
 * The studio's own scripts never try `eval` (issue 53, item 10d): zod 4 compiles validators with
 * `new Function` unless configured jitless (studio/lib/zod-jitless.ts), and under the studio's
 * `script-src 'self'` each try is a `securitypolicyviolation` and a report to /csp-report, even
 * though zod catches the refusal. Every screen of an admin is opened, an entry's editor included:
 * a sweep, in `npm run test:full`; per commit the studio's browser tests fail on any CSP violation
 * of the screens they open (tests/support/studio.ts, `problems`).
 */
const ADMIN = { login: "csp.admin", password: "Admin checks the policy 2026" };
describe.runIf(FULL_RUN)("the studio within its Content-Security-Policy", () => {
  let server: StudioServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startStudioServer("sqlite");
    await addUser(server, ADMIN.login, "admin", ADMIN.password, "Ада Политикова");
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("opens every screen without a CSP violation or a report", { timeout: 120_000 }, async () => {
    const article = (content().articles as Array<{ slug: string }>)[0]?.slug as string;
    const screens = ["/studio/", "/studio/content/", "/studio/content/articles/", `/studio/content/articles/${article}/`, `/studio/content/history/articles/${article}/`, "/studio/content/new/articles/", "/studio/content/trash/", "/studio/media/", "/studio/releases/", "/studio/inbox/", "/studio/inbox/stages/", "/studio/personal-data/", "/studio/users/", "/studio/journal/", "/studio/profile/"];
    const { context, page, problems } = await signedInSession(browser, server.baseUrl, ADMIN);
    const reports: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/csp-report") reports.push(`${page.url()}: ${request.postData() ?? ""}`);
    });
    // Before any script of each page: the browser's own event, whatever catches the refusal.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
    });
    const violations: string[] = [];
    for (const screen of screens) {
      const res = await page.goto(server.baseUrl + screen);
      expect(res?.status(), screen).toBe(200);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.waitForLoadState("networkidle");
      for (const seen of await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)) violations.push(`${screen}: ${seen}`);
    }
    expect(violations).toEqual([]);
    expect(reports).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
