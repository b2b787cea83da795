/**
 * Strings numbered as they are met, so that gathering thousands of pages
 * compares numbers, not strings. A string is found by a 64-bit hash of its
 * letters in an open-addressed table, without comparing strings: a Map of
 * strings spent most of a full assembly comparing them. (Two of a million
 * strings share a 64-bit hash with a probability below 10⁻⁷.)
 */
export class Numbering {
  readonly keys: string[] = [];
  private slots = new Int32Array(1 << 16).fill(-1);
  private hashes = new Int32Array(1 << 17);

  number(key: string): number {
    let a = 0x811c9dc5;
    let b = 0x9747b28c;
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 15;
    }
    const mask = this.slots.length - 1;
    for (let slot = a & mask; ; slot = (slot + 1) & mask) {
      const n = this.slots[slot] as number;
      if (n === -1) return this.add(key, slot, a, b);
      if (this.hashes[2 * n] === a && this.hashes[2 * n + 1] === b) return n;
    }
  }

  private add(key: string, slot: number, a: number, b: number): number {
    const n = this.keys.push(key) - 1;
    this.slots[slot] = n;
    if (2 * n + 1 >= this.hashes.length) this.hashes = grown(this.hashes, this.hashes.length * 2);
    this.hashes[2 * n] = a;
    this.hashes[2 * n + 1] = b;
    // Kept at most half full, so a search stops within a few slots.
    if (2 * this.keys.length > this.slots.length) this.rehash();
    return n;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let n = 0; n < this.keys.length; n++) {
      let slot = (this.hashes[2 * n] as number) & mask;
      while (slots[slot] !== -1) slot = (slot + 1) & mask;
      slots[slot] = n;
    }
    this.slots = slots;
  }
}

/** The terms and pairs of one assembly, with per-page tallies by number, reused from page to page. */
export class Vocabulary extends Numbering {
  own = new Float64Array(1 << 15);
  furniture = new Float64Array(1 << 15);
  head = new Uint8Array(1 << 15);
  kind = new Uint8Array(1 << 15);

  /** Makes room in the tallies for every key numbered so far. */
  reserve(): void {
    if (this.keys.length <= this.own.length) return;
    let size = this.own.length;
    while (size < this.keys.length) size *= 2;
    this.own = grown(this.own, size);
    this.furniture = grown(this.furniture, size);
    this.head = grown(this.head, size);
    this.kind = grown(this.kind, size);
  }
}

function grown<T extends Int32Array | Float64Array | Uint8Array>(array: T, size: number): T {
  const next = new (array.constructor as new (n: number) => T)(size);
  next.set(array);
  return next;
}
