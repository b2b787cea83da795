/**
 * The longest this process's main thread went without running a timer while `work` ran: what any
 * other request to it waited at most meanwhile. A timer every 5 ms, so a figure under ~10 ms is
 * the timer's own grain.
 */
export async function longestStall<T>(work: Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const ticking = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  try {
    return { result: await work, stallMs };
  } finally {
    clearInterval(ticking);
  }
}
