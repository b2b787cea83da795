import { updateAppState } from "./app-state.ts";
import { mayReload, readSession, RELOAD_GUARD_KEY, RELOAD_GUARD_MS, writeSession, type ReloadGuard } from "./reload-guard.ts";

/**
 * Recovery from code chunks that fail to load (typically a deploy removed
 * them under an open tab). React Router answers a failed route-module import
 * with `location.reload()` of the CURRENT page, without a loop guard, also
 * when the import was only a prefetch. Where the Navigation API exists, that
 * reload is cancelled and replaced: during a navigation the app loads the
 * destination as a full page, guarded for 10 s per address; during a prefetch
 * the page simply stays. Browsers without it reload the current page first,
 * and `recoverAfterReload()` then continues to the destination on boot.
 */
const PENDING_KEY = "app:pending-navigation";
const PREFETCH_ACTIVE_KEY = "app:prefetch-active";
const PREFETCH_PAUSED_KEY = "app:prefetch-paused";

type Pending = { destination: string; pattern: string };
let pending: Pending | null = null;
let ownReload = false;
let prefetchesInFlight = 0;
let lastPrefetchSettled = 0;
/** Route patterns whose module failed in this tab: React Router will never settle them again. */
const brokenPatterns = new Set<string>();

function currentPath(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}

/** Loads `path` as a full page unless that was already tried in the last 10 s; true if it did. */
export function reloadAt(path: string): boolean {
  const now = Date.now();
  if (!mayReload(readSession<ReloadGuard>(RELOAD_GUARD_KEY), path, now)) return false;
  writeSession(RELOAD_GUARD_KEY, { path, expires: now + RELOAD_GUARD_MS } satisfies ReloadGuard);
  if (path === currentPath()) {
    ownReload = true;
    window.location.reload();
  } else {
    window.location.href = path;
  }
  return true;
}

/** The app's own "refresh" (error page button): a reload the recovery lets through. */
export function reloadApp(): void {
  ownReload = true;
  window.location.reload();
}

/** A chunk needed for `destination` failed: reload there, or show the error page if that was just tried. */
export function recoverNavigation(destination: string, pattern: string | null): void {
  if (pattern) brokenPatterns.add(pattern);
  if (reloadAt(destination)) {
    console.error(`Code for ${destination} failed to load: loading it as a full page.`);
    return;
  }
  giveUp(destination);
}

/** The reload for `destination` was just tried and its code failed again: the error page, not another reload. */
function giveUp(destination: string): void {
  console.error(`Code for ${destination} failed to load again within ${RELOAD_GUARD_MS / 1_000} s: not reloading.`);
  updateAppState({ chunkFailure: destination });
}

export function isBrokenPattern(pattern: string): boolean {
  return brokenPatterns.has(pattern);
}

/** Marks a client navigation in flight; the returned function ends it. */
export function beginNavigation(destination: string, pattern: string): () => void {
  const entry: Pending = { destination, pattern };
  pending = entry;
  writeSession(PENDING_KEY, { destination, at: Date.now() });
  return () => {
    if (pending !== entry) return;
    pending = null;
    writeSession(PENDING_KEY, null);
  };
}

/** Prefetches import route modules through React Router too: a failure there must not reload the page. */
export function prefetchStarted(): void {
  prefetchesInFlight += 1;
  writeSession(PREFETCH_ACTIVE_KEY, Number.MAX_SAFE_INTEGER);
}

export function prefetchSettled(): void {
  prefetchesInFlight = Math.max(0, prefetchesInFlight - 1);
  lastPrefetchSettled = Date.now();
  if (prefetchesInFlight === 0) writeSession(PREFETCH_ACTIVE_KEY, lastPrefetchSettled + PREFETCH_GRACE_MS);
}

/** A module import may settle a moment after its preload link did. */
const PREFETCH_GRACE_MS = 2_000;

function prefetchMayBeFailing(): boolean {
  return prefetchesInFlight > 0 || Date.now() - lastPrefetchSettled < PREFETCH_GRACE_MS;
}

/** Without the Navigation API a failed prefetch reloads the page: prefetching pauses for the session. */
export function prefetchPaused(): boolean {
  return readSession<boolean>(PREFETCH_PAUSED_KEY) === true;
}

type NavigationLike = EventTarget & { addEventListener(type: "navigate", listener: (event: NavigateEvent) => void): void };

export function installChunkRecovery(): void {
  const navigation = (window as Window & { navigation?: NavigationLike }).navigation;
  navigation?.addEventListener("navigate", (event: NavigateEvent) => {
    if (event.navigationType !== "reload" || !event.cancelable || event.userInitiated) return;
    if (ownReload) {
      ownReload = false;
      return;
    }
    if (pending) {
      event.preventDefault();
      recoverNavigation(pending.destination, pending.pattern);
    } else if (prefetchMayBeFailing()) {
      event.preventDefault();
      console.error("Prefetched code failed to load; the page stays as it is.");
    }
  });

  // Dynamic imports of the app itself (not route modules): Vite reports them here.
  window.addEventListener("vite:preloadError", (event) => {
    const destination = pending?.destination ?? currentPath();
    console.error(`A code chunk failed to load (${destination}).`, (event as Event & { payload?: unknown }).payload);
    if (reloadAt(destination)) event.preventDefault();
  });
}

/**
 * Boot step for browsers without the Navigation API, where React Router's
 * reload has already happened: a navigation that was in flight a moment ago
 * continues to its destination (guarded). Returns true when the page is
 * being replaced, so hydration can be skipped.
 */
export function recoverAfterReload(): boolean {
  const entry = readSession<{ destination: string; at: number }>(PENDING_KEY);
  const prefetchActiveUntil = readSession<number>(PREFETCH_ACTIVE_KEY) ?? 0;
  writeSession(PENDING_KEY, null);
  writeSession(PREFETCH_ACTIVE_KEY, null);
  const reloaded = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.type === "reload";
  if ("navigation" in window || !reloaded) return false;
  if (!entry || Date.now() - entry.at > RELOAD_GUARD_MS) {
    // Reloaded while prefetching: most likely React Router's answer to a failed prefetch. Pause them.
    if (prefetchActiveUntil > Date.now()) writeSession(PREFETCH_PAUSED_KEY, true);
    return false;
  }
  if (reloadAt(entry.destination)) return true;
  giveUp(entry.destination);
  return false;
}
