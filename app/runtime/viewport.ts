import { useSyncExternalStore } from "react";

/**
 * The viewport class the behaviour depends on (how many cards a carousel
 * shows, for example). Layout itself stays in CSS: this state must never
 * change what the server rendered in a way that moves content.
 * Breakpoints are min-widths: below 768 mobile, 768–1439 tablet, 1440+ desktop.
 */
export type Viewport = "mobile" | "tablet" | "desktop";

export const VIEWPORT_BREAKPOINTS = { mobile: 360, tablet: 768, desktop: 1440 } as const;
export const DEFAULT_VIEWPORT: Viewport = "desktop";
export const VIEWPORT_COOKIE = "viewport";
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function viewportFor(width: number): Viewport {
  if (width >= VIEWPORT_BREAKPOINTS.desktop) return "desktop";
  if (width >= VIEWPORT_BREAKPOINTS.tablet) return "tablet";
  return "mobile";
}

/** The cookie the server may read to render the right variant first time. */
export function viewportCookie(viewport: Viewport): string {
  return `${VIEWPORT_COOKIE}=${viewport}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Strict; Secure`;
}

let current: Viewport = DEFAULT_VIEWPORT;
let started = false;
const listeners = new Set<() => void>();

function update(): void {
  const next = viewportFor(window.innerWidth);
  if (started && next === current) return;
  started = true;
  // Written on every visit too, so the cookie lives 365 days from the last one.
  document.cookie = viewportCookie(next);
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

/** Measures now and again whenever a breakpoint is crossed. */
export function startViewport(): void {
  if (started) return;
  update();
  for (const width of [VIEWPORT_BREAKPOINTS.tablet, VIEWPORT_BREAKPOINTS.desktop]) {
    window.matchMedia(`(min-width: ${width}px)`).addEventListener("change", update);
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** "desktop" on the server and during hydration, the measured class afterwards. */
export function useViewport(): Viewport {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => DEFAULT_VIEWPORT,
  );
}
