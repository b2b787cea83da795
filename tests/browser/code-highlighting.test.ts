import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "node-html-parser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_DIR } from "#core/config/folders.server.ts";
import { liveFilesDir } from "../support/releases.ts";
import { prerenderedHtmlFiles } from "../../scripts/typography-check.ts";
import { launchBrowser, openSession } from "../support/browser.ts";
import { openApp } from "../support/app.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Every `pre code` block of the build, by page. */
function codeBlocks() {
  return [...prerenderedHtmlFiles(liveFilesDir())].flatMap((file) =>
    parse(readFileSync(file, "utf8"), { blockTextElements: { script: true, style: true } })
      .querySelectorAll("pre code")
      .map((code) => ({ page: `/${relative(liveFilesDir(), file).replace(/index\.html$/, "")}`, code })),
  );
}

/** Text that only a syntax highlighter carries (grammar and theme internals, library name). */
const HIGHLIGHTER_MARKERS = /scopeName|tmLanguage|shiki|hljs|prismjs/i;

describe("code highlighting", () => {
  it("colours every code block token by token", () => {
    const blocks = codeBlocks();
    expect(blocks.length).toBeGreaterThanOrEqual(10);
    for (const { page, code } of blocks) {
      const types = new Set(code.querySelectorAll("span[class^='code-']").map((span) => span.getAttribute("class")));
      expect(types.size, `${page}: ${code.textContent.slice(0, 60)}`).toBeGreaterThanOrEqual(1);
      expect(code.closest(".no-typografy"), page).not.toBeNull();
    }
    // Across the academy the blocks use several token types.
    const all = new Set(blocks.flatMap(({ code }) => code.querySelectorAll("span[class^='code-']").map((s) => s.getAttribute("class"))));
    expect(all.size).toBeGreaterThanOrEqual(5);
  });

  it("shows the colours in the browser and loads no highlighter there", async () => {
    const { page: path } = codeBlocks()[0] ?? { page: "" };
    const page = await (await openSession(browser)).page;
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".js")) scripts.push(request.url());
    });
    await openApp(page, path);
    const colours = await page.evaluate(() => {
      const pre = document.querySelector("pre");
      const keyword = document.querySelector("pre code span[class^='code-']");
      return { text: pre ? getComputedStyle(pre).color : "", token: keyword ? getComputedStyle(keyword).color : "" };
    });
    expect(colours.token).not.toBe("");
    expect(colours.token).not.toBe(colours.text);

    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      const body = await (await fetch(url)).text();
      expect(HIGHLIGHTER_MARKERS.test(body), url).toBe(false);
    }
    // Nor could it: no client asset of the build carries one.
    const assets = readdirSync(join(CLIENT_DIR, "assets")).filter((name) => name.endsWith(".js"));
    for (const name of assets) {
      expect(HIGHLIGHTER_MARKERS.test(readFileSync(join(CLIENT_DIR, "assets", name), "utf8")), name).toBe(false);
    }
  });
});
