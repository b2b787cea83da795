/**
 * Fixed-window counter per client address, in memory (one process; behind
 * several servers each counts its own share). Old windows are swept so the
 * map cannot grow without bound.
 */
export type RateLimiter = {
  /** Counts one hit; null when allowed, else the seconds until the window resets. */
  hit(key: string, now?: number): number | null;
};

const MAX_KEYS = 50_000;

export function createRateLimiter(limit: number, windowMs: number): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  function sweep(now: number) {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    // Still full (a flood of distinct addresses): forget the oldest windows.
    for (const key of windows.keys()) {
      if (windows.size <= MAX_KEYS / 2) break;
      windows.delete(key);
    }
  }
  return {
    hit(key, now = Date.now()) {
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        if (windows.size >= MAX_KEYS) sweep(now);
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return w.count > limit ? Math.max(1, Math.ceil((w.resetAt - now) / 1000)) : null;
    },
  };
}
