import type { BrowserContext, Page } from "playwright-core";

/** One layout shift not caused by input: its score and what moved (element, rectangle before → after). */
export type LayoutShift = { value: number; description: string };

/** Records every layout shift of the page (or of each page of the context) from its first frame on. */
export async function recordLayoutShifts(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    type Entry = { value: number; hadRecentInput: boolean; startTime: number; sources: Source[] };
    const w = window as unknown as { __layoutShifts: Array<{ value: number; description: string }>; __takeLayoutShifts: () => void };
    w.__layoutShifts = [];
    // What moved, so a failure names it: element, its rectangle before → after, and when.
    const name = (node: Node | null | undefined) =>
      node instanceof Element ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${node.classList.length > 0 ? `.${[...node.classList].join(".")}` : ""}` : String(node?.nodeName);
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    const record = (entries: Entry[]) => {
      for (const entry of entries) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map((source) => `${name(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`);
        w.__layoutShifts.push({ value: entry.value, description: `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join(", ")}` });
      }
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries() as unknown as Entry[]));
    observer.observe({ type: "layout-shift", buffered: true });
    // Entries of a painted frame wait in the observer's queue until a later task hands them over: taken at once here.
    w.__takeLayoutShifts = () => record(observer.takeRecords() as unknown as Entry[]);
  });
}

/**
 * The shifts of every frame the page has painted up to now (recordLayoutShifts must have been
 * called before the page loaded). The browser measures a shift as it renders a frame: two
 * animation frames from now, whatever the page changed before this call has been rendered
 * and measured, so waiting for the events that may move the page (hydration, fonts) and then
 * calling this misses nothing, and no time window is guessed.
 */
export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(async () => {
    const w = window as unknown as { __layoutShifts: LayoutShift[]; __takeLayoutShifts: () => void };
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    w.__takeLayoutShifts();
    return w.__layoutShifts;
  });
}
