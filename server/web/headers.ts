/**
 * The Fetch standard's Headers, as the site's process needs it (decision 036):
 * names compared without case and listed in order, values trimmed and checked,
 * `Set-Cookie` kept apart (getSetCookie, and one entry each when listed).
 */

/** RFC 9110's token: what a header's name may be. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A value may hold neither NUL, CR nor LF (after its surrounding whitespace is dropped). */
const FORBIDDEN_IN_VALUE = /[\0\r\n]/;
const SURROUNDING_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

export type HeadersSource = Headers | Iterable<readonly [string, string]> | Record<string, string | readonly string[]> | undefined | null;

function checkedName(name: string): string {
  const text = String(name);
  if (!TOKEN.test(text)) throw new TypeError(`Headers: invalid header name "${text}"`);
  return text.toLowerCase();
}

function checkedValue(value: string): string {
  const text = String(value).replace(SURROUNDING_WHITESPACE, "");
  if (FORBIDDEN_IN_VALUE.test(text)) throw new TypeError("Headers: invalid header value");
  return text;
}

export class SiteHeaders implements Headers {
  /** Each name (lower case) with its values in the order they were added. */
  readonly #values = new Map<string, string[]>();

  constructor(init?: HeadersSource) {
    if (init === undefined || init === null) return;
    if (typeof init !== "object") throw new TypeError("Headers: init must be an object");
    if (Symbol.iterator in init) {
      for (const pair of init as Iterable<readonly [string, string]>) {
        const entry = [...(pair as Iterable<string>)];
        if (entry.length !== 2) throw new TypeError("Headers: each header must be a name and a value");
        this.append(entry[0] as string, entry[1] as string);
      }
      return;
    }
    for (const [name, value] of Object.entries(init as Record<string, string | readonly string[]>)) {
      // Node's IncomingHttpHeaders lists repeated headers as arrays; the standard's record has strings.
      for (const one of Array.isArray(value) ? value : [value as string]) this.append(name, one);
    }
  }

  append(name: string, value: string): void {
    const key = checkedName(name);
    const text = checkedValue(value);
    const values = this.#values.get(key);
    if (values) values.push(text);
    else this.#values.set(key, [text]);
  }

  set(name: string, value: string): void {
    this.#values.set(checkedName(name), [checkedValue(value)]);
  }

  delete(name: string): void {
    this.#values.delete(checkedName(name));
  }

  get(name: string): string | null {
    const values = this.#values.get(checkedName(name));
    return values ? values.join(", ") : null;
  }

  getSetCookie(): string[] {
    return [...(this.#values.get("set-cookie") ?? [])];
  }

  has(name: string): boolean {
    return this.#values.has(checkedName(name));
  }

  forEach(callback: (value: string, name: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this) callback.call(thisArg, value, name, this);
  }

  *entries(): HeadersIterator<[string, string]> {
    for (const name of [...this.#values.keys()].sort()) {
      const values = this.#values.get(name) as string[];
      if (name === "set-cookie") for (const value of values) yield [name, value];
      else yield [name, values.join(", ")];
    }
  }

  *keys(): HeadersIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): HeadersIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag]() {
    return "Headers";
  }
}
