/**
 * "Ready" = hydrated, then the first idle moment: background work (prefetch,
 * route rules, update polling) waits for it so it never competes with the
 * first paint or hydration.
 */
let ready = false;
const waiting: Array<() => void> = [];

function whenIdle(callback: () => void): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(callback, { timeout: 2_000 });
  else window.setTimeout(callback, 1);
}

/** Called once, from the first effect after hydration. */
export function markHydrated(): void {
  whenIdle(() => {
    if (ready) return;
    ready = true;
    for (const callback of waiting.splice(0)) callback();
  });
}

export function isAppReady(): boolean {
  return ready;
}

export function whenAppReady(callback: () => void): void {
  if (ready) callback();
  else waiting.push(callback);
}
