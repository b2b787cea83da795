import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium, unless the environment names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** How Chromium is started here: no background network, no sandbox as root (the tests and the benchmarks alike). */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium, started as this machine allows (no background network, no sandbox as root). */
export async function launchBrowser(): Promise<Browser> {
  // The server project runs beside the browser one, on the core a browser test leaves idle.
  if (process.env.TEST_LANE === "server") throw new Error("this file drives Chromium: name it in BROWSER_FILES (vitest.config.ts)");
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
}
