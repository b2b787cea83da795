/**
 * Content first, then the app. React Router's HTML asks for every module of
 * the page in <head> (`modulepreload`) and imports them from an inline module
 * script, so on a phone the scripts compete with the stylesheet, the font and
 * the first image for the network and the CPU before anything is painted.
 * Every page is complete without JavaScript (plain links, native forms, a
 * <details> menu), so the app can wait: this rewrite drops the preload links
 * and turns the static imports into dynamic ones that start once the page has
 * loaded and its first content is painted. The modules are then preloaded all
 * at once (no import waterfall) and evaluated in their original order. See
 * decision 016.
 *
 * Evaluating every module at once was one of the longest tasks after load
 * (docs/performance.md): the chunks the page's modules share (the framework,
 * the site's chrome), which the script does not import by name, are imported
 * first, one per task, so each is evaluated in a task of its own. Evaluating
 * a dependency earlier changes nothing else: a module is evaluated once, and
 * these have no effect but defining their exports.
 *
 * Applied to prerendered pages at build (scripts/build.ts) and to pages
 * rendered on request (server/render.ts), before their CSP hashes are taken.
 */

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"\/?>/g;
const HYDRATION_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const NAMESPACE_IMPORT = /^import \* as (\w+) from "([^"]+)";$/;
const SIDE_EFFECT_IMPORT = /^import "([^"]+)";$/;

export function deferHydration(html: string): string {
  const script = HYDRATION_SCRIPT.exec(html);
  // Pages without the router's scripts (none today) are left as they are.
  if (!script?.[1]?.includes("__reactRouterRouteModules")) return html;
  const preloads = [...html.matchAll(MODULEPRELOAD)].map((match) => match[1] as string);

  const imports: string[] = [];
  const rest: string[] = [];
  for (const line of script[1].split("\n").map((l) => l.trim()).filter(Boolean)) {
    const namespace = NAMESPACE_IMPORT.exec(line);
    const sideEffect = SIDE_EFFECT_IMPORT.exec(line);
    if (namespace) imports.push(`const ${namespace[1]} = await import(${JSON.stringify(namespace[2])});`);
    else if (sideEffect) imports.push(`await import(${JSON.stringify(sideEffect[1])});`);
    else if (/^import\s/.test(line)) throw new Error(`deferHydration: unexpected static import in the hydration script: ${line}`);
    else rest.push(line);
  }

  const named = new Set([...script[1].matchAll(/"(\/[^"]+)"/g)].map((match) => match[1]));
  const shared = preloads.filter((href) => !named.has(href));

  const body = [
    "const start = async () => {",
    // One insertion for all the preloads (each insertion costs a style and preload pass).
    "const links = document.createDocumentFragment();",
    `for (const href of ${JSON.stringify(preloads)}) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; links.append(link); }`,
    "document.head.append(links);",
    `for (const href of ${JSON.stringify(shared)}) { await import(href); await new Promise((resolve) => setTimeout(resolve, 0)); }`,
    ...imports,
    ...rest,
    "};",
    // After the load event and the first contentful paint, whichever comes last. The load
    // event may come before the first paint (a short page on a busy phone): modules fetched
    // then would count against the first paint (Lighthouse's simulation puts every request
    // made before it on its path). Where paint timing is missing, the frame after load; a tab
    // that never paints (hidden) starts after 5 s all the same.
    "let started = false;",
    "const go = () => { if (!started) { started = true; setTimeout(start, 0); } };",
    "const afterPaint = () => {",
    'if (typeof PerformanceObserver !== "function" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) { requestAnimationFrame(go); return; }',
    'new PerformanceObserver((list, observer) => { if (list.getEntriesByName("first-contentful-paint").length > 0) { observer.disconnect(); go(); } }).observe({ type: "paint", buffered: true });',
    "setTimeout(go, 5000);",
    "};",
    'if (document.readyState === "complete") afterPaint(); else addEventListener("load", afterPaint, { once: true });',
  ].join("\n");

  return html.replace(MODULEPRELOAD, "").replace(script[0], () => `<script type="module">${body}</script>`);
}
