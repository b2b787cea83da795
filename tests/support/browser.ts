import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";

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

/** A browser profile with the page it opened, and what went wrong in it (console errors, CSP violations, uncaught errors). */
export type Session = { context: BrowserContext; page: Page; problems: string[] };

export type SessionOptions = Omit<BrowserContextOptions, "viewport"> & {
  /** The window's width and height in CSS pixels (1280 × 800 unless said). */
  width?: number;
  height?: number;
  /** The profile's language and time zone: Russian in Moscow, as the studio's people work (the default is Chromium's). */
  russian?: boolean;
};

/**
 * The one way a test opens a browser: a fresh profile (cookies, storage and cache its own) and
 * its first page, recording what went wrong in it. 4xx answers of an API are the app working
 * (signed out, no access, a field to fix), not problems. Signed in to the studio:
 * `signedInSession` (tests/support/studio.ts), which opens its session here.
 */
export async function openSession(browser: Browser, options: SessionOptions = {}): Promise<Session> {
  const { width = 1280, height = 800, russian = false, ...profile } = options;
  const context = await browser.newContext({ viewport: { width, height }, ...(russian ? { locale: "ru-RU", timezoneId: "Europe/Moscow" } : {}), ...profile });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() === "error" && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) problems.push(text);
    if (/Content Security Policy/i.test(text)) problems.push(text);
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { context, page, problems };
}
