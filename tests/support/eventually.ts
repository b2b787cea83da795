/**
 * The one way a test waits for something that happens on its own time (a server's answer, a
 * message, a file): polls `check` every `intervalMs` until it returns a value (not undefined or
 * false), or fails naming `what`. A check that throws ends the wait with its error. In a browser,
 * Playwright's own waits (`waitFor`, `expect.poll`) do the same.
 */
export async function eventually<T>(check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 20_000, what = "condition", intervalMs = 100): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
