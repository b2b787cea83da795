import { describe, expect, it } from "vitest";
import { deferHydration, detachHydrationData } from "./defer-hydration.ts";

// The shape of React Router 8's prerendered HTML (trimmed).
const page = `<!DOCTYPE html><html lang="ru"><head><link rel="preload" href="/assets/font.woff2" as="font"/>
<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="modulepreload" href="/assets/root-3.js"/><link rel="stylesheet" href="/assets/root.css"/></head>
<body><main>Текст</main><script>window.__reactRouterContext = {};</script><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-3.js";
import * as route1 from "/assets/page-4.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home/page":route1};

import("/assets/entry.client-2.js");</script></body></html>`;

/** MessageChannel as the start script uses it to end a task: `onPost` sees each boundary. */
function fakeChannel(onPost: () => void = () => {}) {
  return class {
    port1: { onmessage: (() => void) | null } = { onmessage: null };
    port2 = {
      postMessage: () => {
        onPost();
        queueMicrotask(() => this.port1.onmessage?.());
      },
    };
  };
}

/** The start script `deferHydration` puts in a page. */
const startScript = (html: string) => /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";

/**
 * Runs a page's start script with the browser it uses faked, by global name;
 * its dynamic imports go to `globals.import`.
 */
function runStartScript(html: string, globals: Record<string, unknown> & { import: (url: string) => Promise<unknown> }): Promise<void> {
  const { import: importModule, ...browser } = globals;
  const names = Object.keys(browser);
  const run = new Function(...names, "__import", `return (async () => { ${startScript(html).replace(/import\(/g, "__import(")} })();`);
  return run(...names.map((name) => browser[name]), importModule);
}

describe("deferHydration", () => {
  const out = deferHydration(page);

  it("drops the module preloads from the head and keeps everything else", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain('<link rel="preload" href="/assets/font.woff2" as="font"/>');
    expect(out).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(out).toContain("<main>Текст</main><script>window.__reactRouterContext = {};</script>");
  });

  it("leaves no static import, and imports the same modules in the same order once the page has loaded", () => {
    const script = startScript(out);
    expect(script).not.toMatch(/^import\s/m);
    const order = [...script.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(order).toEqual(["/assets/manifest-1.js", "/assets/root-3.js", "/assets/page-4.js", "/assets/entry.client-2.js"]);
    expect(script).toContain('addEventListener("load"');
    expect(script).toContain('["/assets/manifest-1.js","/assets/entry.client-2.js","/assets/root-3.js"]');
  });

  it("runs: the modules are imported only after the load event, then the routes are registered", async () => {
    const imported: string[] = [];
    const listeners: Array<() => void> = [];
    const head: string[] = [];
    const history = {
      state: { key: "k1" } as Record<string, unknown>,
      replaceState(state: Record<string, unknown>) {
        this.state = state;
      },
    };
    const win: Record<string, unknown> = { history };
    await runStartScript(out, {
      document: {
        readyState: "interactive",
        createElement: () => ({}),
        head: { append: (link: { href: string }) => head.push(link.href) },
      },
      addEventListener: (_event: string, listener: () => void) => listeners.push(listener),
      requestAnimationFrame: (callback: () => void) => callback(),
      setTimeout: (callback: () => void) => callback(),
      window: win,
      MessageChannel: fakeChannel(),
      import: async (url: string) => {
        imported.push(url);
        return { url };
      },
    });
    expect(imported).toEqual([]);
    listeners.forEach((listener) => listener());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(head).toEqual(["/assets/manifest-1.js", "/assets/entry.client-2.js", "/assets/root-3.js"]);
    expect(imported).toEqual(["/assets/manifest-1.js", "/assets/root-3.js", "/assets/page-4.js", "/assets/entry.client-2.js"]);
    expect(win.__reactRouterRouteModules).toEqual({ root: { url: "/assets/root-3.js" }, "routes/home/page": { url: "/assets/page-4.js" } });
    // The entry is numbered as the router's history would number it, its scroll key kept.
    expect(history.state).toEqual({ key: "k1", idx: 0 });
  });

  it("preloads every module, one per task, then evaluates the chunks the page's modules share, one per task, before the page's own modules", async () => {
    const withShared = page.replace('<link rel="modulepreload" href="/assets/root-3.js"/>', '<link rel="modulepreload" href="/assets/root-3.js"/><link rel="modulepreload" href="/assets/vendor-5.js"/><link rel="modulepreload" href="/assets/ui-6.js"/>');
    const steps: string[] = [];
    await runStartScript(deferHydration(withShared), {
      document: {
        readyState: "complete",
        createElement: () => ({}),
        head: { append: (link: { href: string }) => steps.push(`preload ${link.href}`) },
      },
      addEventListener: () => {},
      requestAnimationFrame: (callback: () => void) => callback(),
      setTimeout: (callback: () => void) => {
        steps.push("the frame after load");
        callback();
      },
      window: { history: { state: { key: "k1", idx: 3 }, replaceState: () => steps.push("renumbered") } },
      MessageChannel: fakeChannel(() => steps.push("next task")),
      import: async (url: string) => {
        steps.push(url);
        return { url };
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(steps).toEqual([
      "the frame after load",
      "next task", // the history entry numbered (here it was already)
      // One preload per task (each insertion starts a fetch), then the shared chunks, one per task.
      ...["manifest-1", "entry.client-2", "root-3", "vendor-5", "ui-6"].flatMap((name) => [`preload /assets/${name}.js`, "next task"]),
      "/assets/vendor-5.js",
      "next task",
      "/assets/ui-6.js",
      "next task",
      "/assets/manifest-1.js",
      "/assets/root-3.js",
      "/assets/page-4.js",
      "/assets/entry.client-2.js",
    ]);
  });

  it("waits for the first contentful paint when the load event comes first", async () => {
    const imported: string[] = [];
    type Report = (list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void;
    const observed: { report?: Report } = {};
    class FakeObserver {
      static supportedEntryTypes = ["paint"];
      constructor(callback: Report) {
        observed.report = callback;
      }
      observe() {}
    }
    await runStartScript(out, {
      document: { readyState: "complete", createElement: () => ({}), head: { append: () => {} } },
      addEventListener: () => {},
      requestAnimationFrame: () => {},
      setTimeout: (callback: () => void, ms = 0) => (ms === 0 ? callback() : undefined),
      window: { history: { state: null, replaceState: () => {} } },
      PerformanceObserver: FakeObserver,
      MessageChannel: fakeChannel(),
      import: async (url: string) => {
        imported.push(url);
        return { url };
      },
    });
    expect(imported).toEqual([]);
    observed.report?.({ getEntriesByName: (name) => (name === "first-paint" ? [{}] : []) }, { disconnect: () => {} });
    expect(imported).toEqual([]);
    observed.report?.({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) }, { disconnect: () => {} });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(imported).toEqual(["/assets/manifest-1.js", "/assets/root-3.js", "/assets/page-4.js", "/assets/entry.client-2.js"]);
  });

  it("leaves a page without the router's scripts alone", () => {
    expect(deferHydration("<html><body><p>Нет скриптов</p></body></html>")).toBe("<html><body><p>Нет скриптов</p></body></html>");
  });
});

describe("detachHydrationData", () => {
  const chunk = (text: string) => `<script>window.__reactRouterContext.streamController.enqueue(${JSON.stringify(text).replace(/</g, "\\u003c")});</script>`;
  const withData = page.replace(
    "</body>",
    `${chunk('[{"_1":2},"loaderData","<p>Вопрос \\"в кавычках\\"</p>"]\n')}${chunk("P3:[1]\n")}<script>window.__reactRouterContext.streamController.close();</script></body>`,
  );

  it("takes every chunk of the router's data out of the page, in order and unescaped, and leaves the rest", () => {
    const detached = detachHydrationData(withData);
    expect(detached?.data).toBe('[{"_1":2},"loaderData","<p>Вопрос \\"в кавычках\\"</p>"]\nP3:[1]\n');
    expect(detached?.html).toBe(page);
  });

  it("has the app fetch it when it starts and hand it to the router's stream a task after the app's entry", async () => {
    const out = deferHydration(detachHydrationData(withData)?.html ?? "", { dataUrl: "/assets/hydration/abc.txt" });
    const steps: string[] = [];
    const streamController = { enqueue: (text: string) => steps.push(`enqueue ${text}`), close: () => steps.push("close") };
    const win = { __reactRouterContext: {}, history: { state: { idx: 0 }, replaceState: () => {} } };
    await runStartScript(out, {
      document: { readyState: "complete", createElement: () => ({}), head: { append: () => {} } },
      addEventListener: () => {},
      requestAnimationFrame: (callback: () => void) => callback(),
      setTimeout: (callback: () => void) => callback(),
      window: win,
      MessageChannel: fakeChannel(() => steps.push("next task")),
      fetch: async (url: string) => {
        steps.push(`fetch ${url}`);
        return { ok: true, text: async () => "DATA" };
      },
      import: async (url: string) => {
        // The router's context is set by the script itself; its stream controller is the router's.
        Object.assign(win.__reactRouterContext, { streamController });
        steps.push(`import ${url}`);
        return {};
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(steps[0]).toBe("fetch /assets/hydration/abc.txt");
    const entry = steps.indexOf("import /assets/entry.client-2.js");
    expect(entry).toBeGreaterThan(0);
    expect(steps.slice(entry)).toEqual(["import /assets/entry.client-2.js", "next task", "enqueue DATA", "close"]);
  });

  it("moves the router's context into the module script, before the start-up, and leaves no classic inline script of its own", () => {
    const out = deferHydration(detachHydrationData(withData)?.html ?? "", { dataUrl: "/assets/hydration/abc.txt" });
    expect(out).not.toContain("<script>window.__reactRouterContext");
    expect(out).toContain("<main>Текст</main><script></script><script type=\"module\">");
    const script = startScript(out);
    expect(script.startsWith("window.__reactRouterContext = {};;\nconst start=async")).toBe(true);
  });

  describe("the scroll restoration, moved into the module script", () => {
    // React Router's script as it renders it (its function's source, then its arguments).
    const restoration = `<script>((storageKey, restoreKey) => {
        if (!window.history.state || !window.history.state.key) {
          let key = Math.random().toString(32).slice(2);
          window.history.replaceState({ key }, "");
        }
        try {
          let storedY = JSON.parse(sessionStorage.getItem(storageKey) || "{}")[restoreKey || window.history.state.key];
          if (typeof storedY === "number") window.scrollTo(0, storedY);
        } catch (error) {
          console.error(error);
          sessionStorage.removeItem(storageKey);
        }
      })("react-router-scroll-positions", null)</script>`;
    const html = withData.replace("<script>window.__reactRouterContext", `${restoration}<script>window.__reactRouterContext`);
    const out = deferHydration(detachHydrationData(html)?.html ?? "", { dataUrl: "/assets/hydration/abc.txt" });

    /** Runs the page's module script up to the start (the load event never comes), then the start if asked. */
    async function visit(state: Record<string, unknown> | null, { start = false, positions = JSON.stringify({ k1: 640 }) } = {}) {
      const steps: string[] = [];
      const history = {
        state,
        replaceState(next: Record<string, unknown>) {
          steps.push(`replaceState ${JSON.stringify(Object.keys(next))}`);
          this.state = next;
        },
      };
      const win: { history: typeof history; scrollTo: (x: number, y: number) => void; __reactRouterContext?: object } = {
        history,
        scrollTo: (_x, y) => steps.push(`scrollTo ${y}`),
      };
      await runStartScript(out, {
        history,
        sessionStorage: { getItem: () => positions, removeItem: () => steps.push("positions removed") },
        console: { error: () => steps.push("error") },
        document: { readyState: start ? "complete" : "interactive", createElement: () => ({}), head: { append: () => {} } },
        addEventListener: () => {},
        requestAnimationFrame: (callback: () => void) => callback(),
        setTimeout: (callback: () => void, ms = 0) => (ms === 0 ? callback() : undefined),
        window: win,
        MessageChannel: fakeChannel(),
        fetch: async () => ({ ok: true, text: async () => "" }),
        import: async () => {
          // The router's context is set by the script itself; its stream controller is the router's.
          Object.assign(win.__reactRouterContext ?? {}, { streamController: { enqueue: () => {}, close: () => {} } });
          return {};
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 0));
      return { steps, state: history.state };
    }

    it("restores the position of an entry visited before (a reload, Back from another site) while the page is parsed", async () => {
      expect(out).not.toContain("<script>((storageKey");
      expect(await visit({ key: "k1", idx: 2 })).toEqual({ steps: ["scrollTo 640"], state: { key: "k1", idx: 2 } });
    });

    it("leaves a first visit's entry alone until the start-up, which gives it its key and number at once", async () => {
      expect(await visit(null)).toEqual({ steps: [], state: null });
      const { steps, state } = await visit(null, { start: true });
      expect(steps).toEqual(['replaceState ["key","idx"]']);
      expect(state).toEqual({ key: expect.stringMatching(/^[0-9a-v]+$/), idx: 0 });
    });

    it("forgets stored positions it cannot read, and scrolls nowhere", async () => {
      expect(await visit({ key: "k1", idx: 2 }, { positions: "{не JSON" })).toEqual({ steps: ["positions removed"], state: { key: "k1", idx: 2 } });
      expect(await visit({ key: "k2", idx: 2 })).toEqual({ steps: [], state: { key: "k2", idx: 2 } });
    });

    it("keeps an entry's key and number when it has both", async () => {
      expect(await visit({ key: "k1", idx: 2 }, { start: true })).toEqual({ steps: ["scrollTo 640"], state: { key: "k1", idx: 2 } });
    });
  });

  it("keeps the router's context inline where the data stays in the page (its chunks need it while parsing)", () => {
    expect(deferHydration(withData)).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  it("returns null for a page without it", () => {
    expect(detachHydrationData(page)).toBeNull();
  });
});
