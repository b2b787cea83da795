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
 * Applied to pages a release renders (server/releases/render.ts) and to pages
 * rendered on request (server/render.ts), before their CSP hashes are taken.
 */

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"\/?>/g;
const HYDRATION_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const NAMESPACE_IMPORT = /^import \* as (\w+) from "([^"]+)";$/;
const SIDE_EFFECT_IMPORT = /^import "([^"]+)";$/;

/** The router's context and its scroll restoration: classic inline scripts with no other dependency. */
const FOLDABLE = /<script>(?:window\.__reactRouterContext = |\(\(storageKey, restoreKey\) => )[\s\S]*?<\/script>/g;
/** React Router's scroll restoration keyed by the history entry (no `getKey`: a key by address would have a position on a first visit too), and its storage key. */
const SCROLL_RESTORATION = /^\(\(storageKey, restoreKey\) => [\s\S]*\}\)\(("[\w-]+"), null\);?$/;

export type DeferOptions = {
  /** Where the page's hydration data is, when it was taken out of the HTML (detachHydrationData). */
  dataUrl?: string;
};

export function deferHydration(html: string, options: DeferOptions = {}): string {
  const script = HYDRATION_SCRIPT.exec(html);
  // Pages without the router's scripts (none today) are left as they are.
  if (!script?.[1]?.includes("__reactRouterRouteModules")) return html;
  const preloads = [...html.matchAll(MODULEPRELOAD)].map((match) => match[1] as string);

  const imports: string[] = [];
  const rest: string[] = [];
  // Statements one by one: under the dev server, React Router writes its first two imports (Vite's
  // hot reload runtime, the manifest) on one line.
  const statements = script[1].split("\n").flatMap((line) => line.split(/(?<=;)(?=import\s)/));
  for (const line of statements.map((l) => l.trim()).filter(Boolean)) {
    const namespace = NAMESPACE_IMPORT.exec(line);
    const sideEffect = SIDE_EFFECT_IMPORT.exec(line);
    if (namespace) imports.push(`const ${namespace[1]}=await import(${JSON.stringify(namespace[2])});`);
    else if (sideEffect) imports.push(`await import(${JSON.stringify(sideEffect[1])});`);
    else if (/^import\s/.test(line)) throw new Error(`deferHydration: unexpected static import in the hydration script: ${line}`);
    // The app's entry is awaited: what comes after it runs once the app has started.
    else rest.push(/^import\(/.test(line) ? `await ${line}` : line.replace(/ = /, "="));
  }

  const named = new Set([...script[1].matchAll(/"(\/[^"]+)"/g)].map((match) => match[1]));
  const shared = preloads.filter((href) => !named.has(href));

  // With the data out of the page, nothing inline needs the router's context before the
  // document is parsed: it and the scroll restoration move into this script, which runs when
  // parsing ends (as they did, at the end of <body>). Their elements stay, empty, for React to
  // hydrate (an empty inline script is neither run nor checked by the policy). Two hashes
  // fewer in the headers and their code out of the HTML: ~150 bytes of the ~14.6 KB a first
  // round trip carries.
  const folded = options.dataUrl ? [...html.matchAll(FOLDABLE)].map((match) => match[0]) : [];
  // The code below is written tight (no spaces, short local names): it is part of every page's
  // first round trip (~14.6 KB, decision 022): 73–165 bytes less of it per page, compressed.
  const body = [
    ...folded.map((tag) => foldedCode(tag.slice("<script>".length, -"</script>".length))),
    "const start=async()=>{",
    // A task boundary without the 4 ms a chain of timeouts is held to after five.
    "const next=()=>new Promise(r=>{const c=new MessageChannel;c.port1.onmessage=r;c.port2.postMessage(0)});",
    ...(options.dataUrl ? [fetchData(options.dataUrl)] : []),
    // React Router's history numbers the entry (state.idx 0) on creation when it has no number
    // yet, with a replaceState inside the router's creation, the longest task of the start: done
    // here, in a task of its own, the router finds the number and keeps it. A first visit's
    // entry gets its key here too, as the scroll restoration would have given it.
    "const h=window.history;",
    'if(h.state?.idx==null||!h.state.key)h.replaceState({key:Math.random().toString(32).slice(2),...h.state,idx:h.state?.idx??0},"");',
    "await next();",
    // One preload per task: the browser starts each fetch as the link is inserted, and
    // thirteen at once were a task of 13–30 ms on this machine (52–122 ms at Lighthouse's
    // 4× CPU), the longest of the start (docs/performance.md).
    `for(const href of ${JSON.stringify(preloads)}){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l);await next()}`,
    `for(const href of ${JSON.stringify(shared)}){await import(href);await next()}`,
    ...imports,
    ...rest,
    ...(options.dataUrl ? HAND_OVER_DATA : []),
    "};",
    // After the load event and the first contentful paint, whichever comes last. The load
    // event may come before the first paint (a short page on a busy phone): modules fetched
    // then would count against the first paint (Lighthouse's simulation puts every request
    // made before it on its path). Where paint timing is missing, the frame after load; a tab
    // that never paints (hidden) starts after 5 s all the same.
    "let started=false;",
    "const go=()=>{if(!started){started=true;setTimeout(start,0)}};",
    "const afterPaint=()=>{",
    'if(typeof PerformanceObserver!="function"||!PerformanceObserver.supportedEntryTypes?.includes("paint")){requestAnimationFrame(go);return}',
    'new PerformanceObserver((list,o)=>{if(list.getEntriesByName("first-contentful-paint").length>0){o.disconnect();go()}}).observe({type:"paint",buffered:true});',
    "setTimeout(go,5000);",
    "};",
    'if(document.readyState=="complete")afterPaint();else addEventListener("load",afterPaint,{once:true});',
  ].join("\n");

  let out = html.replace(MODULEPRELOAD, "");
  for (const tag of folded) out = out.replace(tag, "<script></script>");
  return out.replace(script[0], () => `<script type="module">${body}</script>`);
}

/**
 * A folded script's code, as it runs in the module script. The router's context as React Router
 * writes it, without its indentation. Its scroll restoration, written again for where it now
 * runs: only where the entry has its key, i.e. was visited before (a reload, Back from another
 * site), since only such an entry has a position to restore. On a first visit the router's code
 * would give the entry its key with a replaceState, 5–8 ms of the task that ends parsing on this
 * machine, before the first paint (docs/performance.md); the start-up gives it instead, with
 * the entry's number. The rest of it (the position read by the entry's key, a store that cannot
 * be read forgotten) is the router's, in a third of its bytes.
 */
function foldedCode(code: string): string {
  const restoration = SCROLL_RESTORATION.exec(code.trim());
  if (!restoration) return `${code.replace(/\n\s+/g, "\n")};`;
  const storageKey = restoration[1] as string;
  return `if(history.state?.key)try{const y=JSON.parse(sessionStorage.getItem(${storageKey})||"{}")[history.state.key];if(typeof y=="number")window.scrollTo(0,y)}catch{sessionStorage.removeItem(${storageKey})}`;
}

const ENQUEUE = /<script>window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g;
const CLOSE = "<script>window.__reactRouterContext.streamController.close();</script>";

/**
 * Takes the router's hydration data (the loader data of every route of the
 * page, 15–35 KB of a page's HTML here) out of a page rendered by a release,
 * to be fetched when the app starts (deferHydration's `dataUrl`). The app
 * needs it only then, while in the HTML it made the document a round trip
 * longer wherever the compressed page crossed the ~14 KB a connection sends
 * in its first round trip (the projects, events and SEO pages: their LCP was
 * 1.13–1.15 × their zero-JS copy's, docs/performance.md). Returns null when
 * the page has no such data.
 */
export function detachHydrationData(html: string): { html: string; data: string } | null {
  const chunks = [...html.matchAll(ENQUEUE)];
  if (chunks.length === 0 || !html.includes(CLOSE)) return null;
  const data = chunks.map((chunk) => JSON.parse(chunk[1] as string) as string).join("");
  return { html: html.replace(ENQUEUE, "").replace(CLOSE, ""), data };
}

/**
 * Fetches the data while the modules load. If it cannot be had (the release it
 * belongs to is two releases gone), the page stays the complete HTML it was
 * served as, without the app.
 */
function fetchData(url: string): string {
  return [
    `const data=fetch(${JSON.stringify(url)}).then(r=>r.ok?r.text():Promise.reject(r.status));`,
    "data.catch(()=>{});",
  ].join("\n");
}

/**
 * Hands the data to the router's stream a task after the app has started. The
 * router decodes it as it arrives: handed over before, it was decoded inside
 * the router's first render, a task already long with the app's start (27 ms
 * of 60 at 4× CPU on the home page, docs/performance.md); handed over after,
 * the decoding is a task of its own.
 */
const HAND_OVER_DATA = [
  "await next();",
  "data.then(t=>{const s=window.__reactRouterContext.streamController;s.enqueue(t);s.close()},()=>{});",
];
