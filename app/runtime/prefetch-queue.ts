/** Spec: at most 4 route preloads in flight at once; the rest wait their turn. */
export const PREFETCH_SLOTS = 4;

/**
 * Targets to prefetch, each once per tab, at most `slots` at a time. Pure
 * bookkeeping: the caller starts what `active()` lists and reports `done`.
 */
export class PrefetchQueue {
  private readonly seen = new Set<string>();
  private readonly waiting: string[] = [];
  private running: readonly string[] = [];
  private readonly slots: number;
  private readonly onChange: () => void;

  constructor(slots: number, onChange: () => void = () => {}) {
    this.slots = slots;
    this.onChange = onChange;
  }

  /** Queues a target unless it was queued before. */
  request(target: string): void {
    if (this.seen.has(target)) return;
    this.seen.add(target);
    this.waiting.push(target);
    this.pump();
  }

  done(target: string): void {
    if (!this.running.includes(target)) return;
    this.running = this.running.filter((t) => t !== target);
    this.pump(true);
  }

  /** Targets being prefetched now (a new array after every change). */
  active(): readonly string[] {
    return this.running;
  }

  private pump(changed = false): void {
    const started: string[] = [];
    while (this.running.length + started.length < this.slots && this.waiting.length > 0) {
      started.push(this.waiting.shift() as string);
    }
    if (started.length > 0) this.running = [...this.running, ...started];
    if (changed || started.length > 0) this.onChange();
  }
}

/**
 * The slots to render next: those still active, in their order, and at most one
 * that is new. Each slot's links start their fetches as the browser inserts
 * them (a few per target, shared chunks included), so four slots mounted in one
 * commit made one long task; one per commit keeps every task short.
 * Returns `shown` itself when nothing changes.
 */
export function admitOne(shown: readonly string[], active: readonly string[]): readonly string[] {
  const kept = shown.filter((target) => active.includes(target));
  const next = active.find((target) => !kept.includes(target));
  return next ? [...kept, next] : kept.length < shown.length ? kept : shown;
}
