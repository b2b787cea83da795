import type { Content } from "./index.server.ts";

/**
 * What one page read of the content while it rendered, recorded where
 * content is handed out (pages stay unaware of it). A release compares it
 * with what changed to decide whether the page must be rendered again.
 *
 * The unit is a top-level field of an entry or document: a page that shows
 * one article's title depends on that title, not on the article's body; a
 * page that looks through a collection (find, filter, a list) also depends on
 * which entries the collection holds and in what order.
 */
export class Reads {
  /** Collections whose membership or order was read (iterated, indexed, measured). */
  readonly members = new Set<string>();
  /** collection → field → slugs of the entries whose field was read. */
  readonly fields = new Map<string, Map<string, Set<string>>>();
  /** collection → fields read of every entry at once (a scan: scanCollection). */
  readonly everyEntry = new Map<string, Set<string>>();
  /** document → fields read. */
  readonly documents = new Map<string, Set<string>>();
  /** Keys of generated images looked up, and of uploads whose description was read (uploadReadKey). */
  readonly images = new Set<string>();
  /** Whether the dates entries last changed were read (the sitemap). */
  modified = false;
  /** What the page shows of the moment it is rendered at. */
  readonly clock = new Set<"year" | "day">();

  field(collection: string, slug: string, field: string): void {
    let byField = this.fields.get(collection);
    if (!byField) this.fields.set(collection, (byField = new Map()));
    let slugs = byField.get(field);
    if (!slugs) byField.set(field, (slugs = new Set()));
    slugs.add(slug);
  }

  /** A field of every entry of the collection, read in one scan. */
  every(collection: string, field: string): void {
    let fields = this.everyEntry.get(collection);
    if (!fields) this.everyEntry.set(collection, (fields = new Set()));
    fields.add(field);
  }

  document(name: string, field: string): void {
    let fields = this.documents.get(name);
    if (!fields) this.documents.set(name, (fields = new Set()));
    fields.add(field);
  }

  /** Adds everything another record read (a page's data request and its HTML read alike). */
  merge(other: Reads): void {
    for (const name of other.members) this.members.add(name);
    for (const [collection, byField] of other.fields) {
      for (const [field, slugs] of byField) for (const slug of slugs) this.field(collection, slug, field);
    }
    for (const [collection, fields] of other.everyEntry) for (const field of fields) this.every(collection, field);
    for (const [name, fields] of other.documents) for (const field of fields) this.document(name, field);
    for (const key of other.images) this.images.add(key);
    this.modified ||= other.modified;
    for (const g of other.clock) this.clock.add(g);
  }
}

/** A page's reads as stored with a release: "*" stands for every entry of the collection. */
export type PageDeps = {
  members?: string[];
  fields?: Record<string, Record<string, "*" | string[]>>;
  documents?: Record<string, string[]>;
  images?: string[];
  modified?: true;
  clock?: Array<"year" | "day">;
};

export function toPageDeps(reads: Reads, sizes: Readonly<Record<string, number>>): PageDeps {
  const deps: PageDeps = {};
  if (reads.members.size > 0) deps.members = [...reads.members].sort();
  if (reads.fields.size > 0 || reads.everyEntry.size > 0) {
    deps.fields = {};
    for (const [collection, byField] of reads.fields) {
      const out: Record<string, "*" | string[]> = {};
      for (const [field, slugs] of byField) out[field] = slugs.size >= (sizes[collection] ?? Infinity) ? "*" : [...slugs].sort();
      deps.fields[collection] = out;
    }
    for (const [collection, fields] of reads.everyEntry) {
      const out = (deps.fields[collection] ??= {});
      for (const field of fields) out[field] = "*";
    }
  }
  if (reads.documents.size > 0) {
    deps.documents = Object.fromEntries([...reads.documents].map(([name, fields]) => [name, [...fields].sort()]));
  }
  if (reads.images.size > 0) deps.images = [...reads.images].sort();
  if (reads.modified) deps.modified = true;
  if (reads.clock.size > 0) deps.clock = [...reads.clock].sort();
  return deps;
}

const INDEX = /^(0|[1-9]\d*)$/;

/**
 * A page that reads an optional field the entry lacks (`article.cover`) depends
 * on it as much as one that finds it: adding it must render that page again.
 * What JavaScript itself asks of any object is no field.
 */
const maybeField = (key: string) => /^[a-z][A-Za-z\d]*$/.test(key) && !(key in Object.prototype) && key !== "then" && key !== "toJSON";

/** A field name standing for every field, present or not: the entry was handed on whole (a spread, loader data). */
export const ANY_FIELD = "*";

function readOnly(): never {
  throw new TypeError("content is read-only while pages render");
}

/**
 * The content seen through proxies that record every read into `reads`.
 * Entries and documents hand out their fields' values as they are (a nested
 * list is read as a whole); proxies are made once per object, so identity
 * comparisons between entries keep working.
 */
export function trackReads(content: Content, reads: Reads): Content {
  const proxies = new WeakMap<object, object>();
  const once = <T extends object>(target: T, make: () => T): T => {
    let proxy = proxies.get(target) as T | undefined;
    if (!proxy) proxies.set(target, (proxy = make()));
    return proxy;
  };
  const guard = { set: readOnly, defineProperty: readOnly, deleteProperty: readOnly, setPrototypeOf: readOnly };

  const entry = (collection: string, target: Record<string, unknown>) =>
    once(target, () => {
      const slug = String(target.slug);
      return new Proxy(target, {
        ...guard,
        get(t, key) {
          if (typeof key === "string" && (Object.hasOwn(t, key) || maybeField(key))) reads.field(collection, slug, key);
          return t[key as string];
        },
        ownKeys(t) {
          for (const key of Object.keys(t)) reads.field(collection, slug, key);
          reads.field(collection, slug, ANY_FIELD);
          return Reflect.ownKeys(t);
        },
      });
    });

  const collection = (name: string, target: Array<Record<string, unknown>>) =>
    once(target, () =>
      new Proxy(target, {
        ...guard,
        get(t, key, receiver) {
          if (key === "length") {
            reads.members.add(name);
            return t.length;
          }
          if (typeof key === "string" && INDEX.test(key)) {
            reads.members.add(name);
            const value = t[Number(key)];
            return value === undefined ? undefined : entry(name, value);
          }
          return Reflect.get(t, key, receiver) as unknown;
        },
      }),
    );

  const document = (name: string, target: Record<string, unknown>) =>
    once(target, () =>
      new Proxy(target, {
        ...guard,
        get(t, key) {
          if (typeof key === "string" && (Object.hasOwn(t, key) || maybeField(key))) reads.document(name, key);
          return t[key as string];
        },
        ownKeys(t) {
          for (const key of Object.keys(t)) reads.document(name, key);
          reads.document(name, ANY_FIELD);
          return Reflect.ownKeys(t);
        },
      }),
    );

  const root = content as unknown as Record<string, unknown>;
  return new Proxy(root, {
    ...guard,
    get(t, key) {
      const value = t[key as string];
      if (typeof key !== "string" || value === null || typeof value !== "object") return value;
      return Array.isArray(value) ? collection(key, value as Array<Record<string, unknown>>) : document(key, value as Record<string, unknown>);
    },
  }) as unknown as Content;
}
