import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { STUDIO_DIR } from "#core/config/folders.server.ts";
import { STUDIO_BASE } from "#core/studio/paths.ts";
import { signedInSession } from "./studio.ts";

/**
 * What the studio's JavaScript costs its people, screen by screen: the scripts
 * Chromium fetches, with the sizes the server sends them (brotli, read from
 * build/studio). Shared by the budget test (tests/studio/browser.test.ts) and
 * `npm run bench:studio`.
 */
export type Scripts = { files: string[]; raw: number; br: number };

/** Raw and brotli size of one studio file, by its URL path (/studio/assets/…). */
export function studioFileSizes(urlPath: string): { raw: number; br: number } {
  const file = join(STUDIO_DIR, decodeURIComponent(urlPath.slice(STUDIO_BASE.length + 1)));
  if (!existsSync(file)) return { raw: 0, br: 0 };
  const body = readFileSync(file);
  const br = existsSync(`${file}.br`) ? readFileSync(`${file}.br`).length : brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { raw: body.length, br };
}

function total(paths: Iterable<string>): Scripts {
  const files = [...paths].sort();
  const sizes = files.map(studioFileSizes);
  return { files, raw: sizes.reduce((sum, s) => sum + s.raw, 0), br: sizes.reduce((sum, s) => sum + s.br, 0) };
}

/** Records the studio scripts a page fetches from now on; `take()` returns and forgets them. */
export function scriptRecorder(page: Page): { take(): Scripts } {
  let seen = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(`${STUDIO_BASE}/`) && url.pathname.endsWith(".js")) seen.add(url.pathname);
  });
  return {
    take() {
      const scripts = total(seen);
      seen = new Set();
      return scripts;
    },
  };
}

/**
 * The page is drawn: a lazy page's chunks (and what they import) are all requested before
 * React Router renders it, so nothing of it is still to come once its heading is there.
 */
async function settled(page: Page) {
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.locator(".s-loading").waitFor({ state: "detached" });
}

/** The first screens: sign-in for someone signed out, then the shell with its home page in a fresh browser. */
export async function firstScreens(browser: Browser, baseUrl: string, who: { login: string; password: string }): Promise<{ signIn: Scripts; shell: Scripts }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const signInScripts = scriptRecorder(page);
  await page.goto(`${baseUrl}${STUDIO_BASE}/sign-in/`);
  await page.getByLabel("Логин").waitFor();
  await settled(page);
  const signIn = signInScripts.take();
  await context.close();

  // Signed in, then the home page loaded in a profile with only the session cookie: nothing from the cache.
  const session = await signedInSession(browser, baseUrl, who);
  const cookies = await session.context.cookies();
  await session.context.close();
  const returning = await browser.newContext();
  await returning.addCookies(cookies);
  const shellPage = await returning.newPage();
  const shellScripts = scriptRecorder(shellPage);
  await shellPage.goto(`${baseUrl}${STUDIO_BASE}/`);
  await shellPage.getByRole("navigation").first().waitFor();
  await settled(shellPage);
  const shell = shellScripts.take();
  await returning.close();
  return { signIn, shell };
}

/**
 * What each section adds when it is first opened from the shell's navigation
 * (client-side, as people move around), in a fresh browser; `then` runs more
 * steps in the same page (opening the text editor) and measures them too.
 */
export async function sectionScripts(
  browser: Browser,
  baseUrl: string,
  who: { login: string; password: string },
  sections: readonly { label: string; href: string }[],
  then: readonly { label: string; run(page: Page): Promise<void> }[] = [],
): Promise<{ label: string; scripts: Scripts }[]> {
  const session = await signedInSession(browser, baseUrl, who);
  const { page } = session;
  await settled(page);
  const recorder = scriptRecorder(page);
  const rows: { label: string; scripts: Scripts }[] = [];
  for (const section of sections) {
    await page.locator(`a[href="${section.href}"]`).first().click();
    await page.waitForURL(`${baseUrl}${section.href}`);
    await settled(page);
    rows.push({ label: section.label, scripts: recorder.take() });
  }
  for (const step of then) {
    await step.run(page);
    await settled(page);
    rows.push({ label: step.label, scripts: recorder.take() });
  }
  await session.context.close();
  return rows;
}
