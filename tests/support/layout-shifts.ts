import type { BrowserContext, Page } from "playwright-core";

/** One layout shift not caused by input: its score and what moved (element, rectangle before → after). */
export type LayoutShift = { value: number; description: string };

/** Records every layout shift of the page (or of each page of the context) from its first frame on. */
export async function recordLayoutShifts(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    type Entry = { value: number; hadRecentInput: boolean; startTime: number; sources: Source[] };
    const w = window as unknown as { __layoutShifts: Array<{ value: number; description: string }> };
    w.__layoutShifts = [];
    // What moved, so a failure names it: element, its rectangle before → after, and when.
    const name = (node: Node | null | undefined) =>
      node instanceof Element ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${node.classList.length > 0 ? `.${[...node.classList].join(".")}` : ""}` : String(node?.nodeName);
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Entry[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map((source) => `${name(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`);
        w.__layoutShifts.push({ value: entry.value, description: `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join(", ")}` });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The shifts recorded so far (recordLayoutShifts must have been called before the page loaded). */
export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as { __layoutShifts: LayoutShift[] }).__layoutShifts);
}
