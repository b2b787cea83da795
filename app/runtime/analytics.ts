import { fullPath, onPageFinish, type PageLocation } from "./transitions.ts";

/**
 * Yandex Metrica. `defer: true` turns the counter's automatic page view off;
 * the app sends one `hit` for the first view and one after every route
 * change, with the full path (path, query, hash) and the new page's title.
 * The tag script is added by the app after hydration, async: it never blocks
 * rendering and needs no inline script.
 */
export const METRIKA_TAG_URL = "https://mc.yandex.ru/metrika/tag.js";

type Ym = ((id: number, method: string, ...args: unknown[]) => void) & { a?: unknown[]; l?: number };
type WindowWithYm = Window & { ym?: Ym };

/** The counter's command queue, as Yandex's snippet defines it: commands wait for tag.js. */
function counter(): Ym {
  const w = window as WindowWithYm;
  if (!w.ym) {
    const queue: Ym = (...args: unknown[]) => {
      (queue.a ??= []).push(args);
    };
    queue.l = Date.now();
    w.ym = queue;
  }
  return w.ym;
}

function loadTag(): void {
  if (document.querySelector(`script[src="${METRIKA_TAG_URL}"]`)) return;
  const script = document.createElement("script");
  script.async = true;
  script.src = METRIKA_TAG_URL;
  document.head.append(script);
}

let started = false;

export function startAnalytics(metrikaId: string | null, first: PageLocation): void {
  if (!metrikaId || started) return;
  started = true;
  const id = Number(metrikaId);
  const ym = counter();
  loadTag();
  ym(id, "init", { defer: true, clickmap: true, trackLinks: true, accurateTrackBounce: true });

  let last = fullPath(first);
  ym(id, "hit", last, { title: document.title, referer: document.referrer });
  onPageFinish((location) => {
    const url = fullPath(location);
    if (url === last) return;
    ym(id, "hit", url, { title: document.title, referer: last });
    last = url;
  });
}
