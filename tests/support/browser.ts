import { type Browser, type BrowserContext, chromium } from "playwright-core";

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

// One Chromium per test process, kept across the lane's files (they run one after another in one
// process: vitest.config.ts). Starting one costs about a second of CPU, and the browser lane has
// some forty files. Kept on globalThis, as Vitest may evaluate this module again for each file.
const SHARED = Symbol.for("site-tests.chromium");
type Holder = { [SHARED]?: Promise<Browser> };

function sharedChromium(): Promise<Browser> {
  const holder = globalThis as Holder;
  const running = holder[SHARED];
  if (running) {
    return running.then((browser) => {
      if (browser.isConnected()) return browser;
      holder[SHARED] = undefined;
      return sharedChromium();
    });
  }
  const started = chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  holder[SHARED] = started;
  started.catch(() => (holder[SHARED] = undefined));
  return started;
}

/**
 * Debian's Chromium, started as this machine allows (no background network, no sandbox as root).
 * Each file gets its own handle on the process's one browser: what it opens is its own (contexts
 * never share cookies, storage or cache), and its `close()` closes those contexts, not the browser.
 */
export async function launchBrowser(): Promise<Browser> {
  // The server project runs beside the browser one, on the core a browser test leaves idle.
  if (process.env.TEST_LANE === "server") throw new Error("this file drives Chromium: name it in BROWSER_FILES (vitest.config.ts)");
  // A script (a benchmark, the screenshots) owns its browser: its close() ends it, and the script with it.
  if (!process.env.VITEST) return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  const browser = await sharedChromium();
  const mine = new Set<BrowserContext>();
  const own = (context: BrowserContext) => {
    mine.add(context);
    context.once("close", () => mine.delete(context));
    return context;
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === "newContext") return async (...args: Parameters<Browser["newContext"]>) => own(await target.newContext(...args));
      if (property === "newPage") {
        return async (...args: Parameters<Browser["newPage"]>) => {
          const page = await target.newPage(...args);
          own(page.context());
          return page;
        };
      }
      if (property === "contexts") return () => [...mine];
      if (property === "close") return async () => void (await Promise.all([...mine].map((context) => context.close())));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
