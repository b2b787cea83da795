/**
 * `npm run screenshots`: every page template at the three design widths (360,
 * 768, 1440), full length, into screenshots/ (git-ignored), so anyone can look
 * at the site without clicking through it. Starts the production server
 * itself (building first if there is no build). Also shots of the open menu.
 *
 *   npm run screenshots               every template
 *   npm run screenshots -- home case  only these templates
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { launchBrowser } from "../tests/support/browser.ts";
import { freePort, startServer, stopServer } from "../tests/support/server.ts";
import { pageTemplates } from "../tests/support/templates.ts";

const WIDTHS = [360, 768, 1440] as const;
const OUT_DIR = resolve("screenshots");

if (!existsSync("build/runtime/index.js")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
mkdirSync(OUT_DIR, { recursive: true });

/** Scrolls to the end and back so lazy images load, then waits for fonts and images. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const step = window.innerHeight;
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
    await document.fonts.ready;
    // Lazy images that have not started by now are forced to load.
    const pending = [...document.images].filter((img) => !img.complete);
    for (const img of pending) img.loading = "eager";
    await Promise.race([
      Promise.all(pending.map((img) => new Promise((resolve) => {
        img.addEventListener("load", resolve, { once: true });
        img.addEventListener("error", resolve, { once: true });
      }))),
      new Promise((resolve) => setTimeout(resolve, 10_000)),
    ]);
  });
}

const only = new Set(process.argv.slice(2));
const templates = pageTemplates().filter((t) => only.size === 0 || only.has(t.name));
const port = await freePort();
const server = await startServer(port);
const browser = await launchBrowser();
const started = performance.now();
let count = 0;
try {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const template of templates) {
      await page.goto(`http://127.0.0.1:${port}${template.path}`, { waitUntil: "load" });
      await settle(page);
      await page.screenshot({ path: `${OUT_DIR}/${template.name}-${width}.png`, fullPage: true });
      count += 1;
    }
    if (width < 1200 && (only.size === 0 || only.has("menu"))) {
      await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: "load" });
      await page.locator(".site-menu__toggle").click();
      await page.waitForTimeout(500); // the panel's entrance animation
      await page.screenshot({ path: `${OUT_DIR}/menu-open-${width}.png` });
      count += 1;
    }
    await context.close();
  }
} finally {
  await browser.close();
  await stopServer(server);
}
console.log(`${count} screenshots in ${OUT_DIR} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
