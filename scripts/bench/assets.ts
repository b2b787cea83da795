/**
 * `npm run bench:assets`: what the design system costs. Loads pages of the
 * production build in Chromium and lists, per resource type, the files they
 * fetch with their raw and brotli sizes (read from the build, as the server
 * sends them). Needs the code build and a release (`npm run publish`); the
 * time releases take is `npm run bench:publish`'s.
 *
 *   npm run bench:assets -- [path…]     default path: /
 *
 * Results go to docs/design-system.md by hand, with the date and the machine.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { CLIENT_DIR } from "#core/config/folders.server.ts";
import { launchBrowser } from "../../tests/support/browser.ts";
import { fileSizes } from "../../tests/support/page-weight.ts";
import { freePort, startServer, stopServer } from "../../tests/support/server.ts";

const paths = process.argv.slice(2).filter((a) => a.startsWith("/"));
if (paths.length === 0) paths.push("/");

if (!existsSync(join(CLIENT_DIR, "favicon.svg"))) throw new Error("no build: run npm run build");

const sizes = (urlPath: string) => fileSizes(urlPath);

const port = await freePort();
const server = await startServer(port);
const browser = await launchBrowser();
try {
  for (const path of paths) {
    for (const width of [360, 1440]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      const seen = new Map<string, string>();
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.port === String(port)) seen.set(url.pathname, request.resourceType());
      });
      await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: "load" });
      await page.waitForFunction(() => "__reactRouterDataRouter" in window);
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(300);
      await context.close();
      const totals = new Map<string, { files: number; raw: number; br: number; names: string[] }>();
      for (const [urlPath, type] of seen) {
        const kind = urlPath.endsWith("/") ? "document" : type;
        const size = sizes(urlPath);
        const total = totals.get(kind) ?? { files: 0, raw: 0, br: 0, names: [] };
        total.files += 1;
        total.raw += size.raw;
        total.br += size.br;
        if (kind === "font" || kind === "stylesheet") total.names.push(`${urlPath.split("/").pop()} ${size.br} B`);
        totals.set(kind, total);
      }
      console.log(`${path} at ${width} px (first screen; lazy images below it not counted)`);
      console.log("| type | files | raw bytes | brotli bytes | files |\n| --- | --- | --- | --- | --- |");
      for (const [kind, t] of [...totals].sort()) console.log(`| ${kind} | ${t.files} | ${t.raw} | ${t.br} | ${t.names.join(", ")} |`);
      console.log();
    }
  }
} finally {
  await browser.close();
  await stopServer(server);
}
