/**
 * Waiting jobs, fair between their owners: each turn goes to the person
 * served longest ago (or never), so one person's ten uploads make another
 * wait behind one of them, not all ten. Within a person's own, first come
 * first served. One owner may be named to come last (`behind`: work nobody
 * waits for): its items are taken only when nobody else's are waiting.
 */
export class FairQueue<T> {
  readonly #behind: string | null;
  readonly #waiting = new Map<string, T[]>();
  /** When each owner was last served (a turn number); kept after their queue empties, or the one just served would count as never served. There are as many owners as studio accounts. */
  readonly #served = new Map<string, number>();
  #turn = 0;

  constructor(behind: string | null = null) {
    this.#behind = behind;
  }

  add(owner: string, item: T): void {
    const own = this.#waiting.get(owner);
    if (own) own.push(item);
    else this.#waiting.set(owner, [item]);
  }

  /** The next item: the first of the owner served longest ago, the owner behind only when no one else waits. */
  take(): T | undefined {
    let next: string | undefined;
    for (const owner of this.#waiting.keys()) {
      if (owner === this.#behind) continue;
      if (next === undefined || (this.#served.get(owner) ?? -1) < (this.#served.get(next) ?? -1)) next = owner;
    }
    if (next === undefined && this.#behind !== null && this.#waiting.has(this.#behind)) next = this.#behind;
    if (next === undefined) return undefined;
    const own = this.#waiting.get(next) as T[];
    const item = own.shift();
    if (own.length === 0) this.#waiting.delete(next);
    this.#served.set(next, this.#turn++);
    return item;
  }

  /** Takes an item out of the queue (given up waiting); false when it was no longer there. */
  remove(item: T): boolean {
    for (const [owner, own] of this.#waiting) {
      const at = own.indexOf(item);
      if (at < 0) continue;
      own.splice(at, 1);
      if (own.length === 0) this.#waiting.delete(owner);
      return true;
    }
    return false;
  }

  /** Every item, the queue emptied. */
  drain(): T[] {
    const all = [...this.#waiting.values()].flat();
    this.#waiting.clear();
    return all;
  }
}
