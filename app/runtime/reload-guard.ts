/**
 * The loop guard for reloads after a code chunk failed to load (spec: at
 * most once per 10 seconds per address). The entry lives in sessionStorage so
 * it survives the reload; nothing clears it, it simply expires.
 */
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_GUARD_KEY = "app:chunk-reload";

export type ReloadGuard = { path: string; expires: number };

/** Reload only with no entry, an entry for another path, or an expired one. */
export function mayReload(guard: ReloadGuard | null, path: string, now: number): boolean {
  return !guard || guard.path !== path || guard.expires <= now;
}

export function readSession<T>(key: string): T | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: unknown): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage disabled or full: the guard degrades to "reload", which is what a plain app would do.
  }
}
