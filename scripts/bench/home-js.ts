/**
 * Brotli size of the JavaScript the home page loads, measured from the built
 * files: starts the production server, opens `/` in Chromium, waits until the
 * app is idle (runtime chunks loaded after hydration included), then sums the
 * brotli (quality 11) size of every script it fetched.
 *
 *   npm run build && npx node scripts/bench/home-js.ts [path]
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { CLIENT_DIR } from "../../app/config/paths.server.ts";
import { launchBrowser } from "../../tests/support/browser.ts";
import { freePort, startServer, stopServer } from "../../tests/support/server.ts";

const path = process.argv[2] ?? "/";
const port = await freePort();
const server = await startServer(port);
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const scripts = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin === `http://127.0.0.1:${port}` && url.pathname.endsWith(".js")) scripts.add(url.pathname);
  });
  await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: "load" });
  const critical = new Set(scripts);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(3_000);
  const brotli = (file: string) =>
    brotliCompressSync(readFileSync(join(CLIENT_DIR, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const report = (title: string, files: string[]) => {
    let total = 0;
    console.log(title);
    for (const file of files.sort()) {
      const size = brotli(file);
      total += size;
      console.log(`${String(size).padStart(7)}  ${file}`);
    }
    console.log(`${String(total).padStart(7)}  brotli bytes in ${files.length} files`);
  };
  report(`Loaded by ${path} until the load event:`, [...critical]);
  report("Loaded afterwards (viewport prefetch of linked pages):", [...scripts].filter((f) => !critical.has(f)));
} finally {
  await browser.close();
  await stopServer(server);
}
