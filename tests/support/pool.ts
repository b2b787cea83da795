/**
 * Runs `tasks` with at most `width` of them in flight, in the order given: a corpus of
 * independent requests spends its time waiting for answers, and a few at once keep the
 * server busy instead of the round trips.
 */
export async function inPool(tasks: ReadonlyArray<() => Promise<unknown>>, width: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const task = tasks[next++] as () => Promise<unknown>;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, lane));
}
