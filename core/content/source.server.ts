import { AsyncLocalStorage } from "node:async_hooks";
import type { ImageData } from "../images/types.ts";
import type { Content } from "./index.server.ts";
import type { UploadInfo } from "./uploads.server.ts";
import { type Reads, trackReads } from "./reads.server.ts";

/**
 * What pages are rendered from besides the code: one release's content and
 * what was made from it. A release (server/releases/) loads it, renders every
 * page inside its scope and keeps it, so the server renders on-request pages
 * (search results, filtered lists, 404s) from the same release it serves.
 */
export type ContentSource = {
  content: Content;
  /** The generated artwork, by key (drawn by the release). */
  images: Readonly<Record<string, ImageData>>;
  /** When each entry's content last changed, "collection/slug" → YYYY-MM-DD (recorded by releases). */
  modified: Readonly<Record<string, string>>;
  /**
   * The descriptions of the images uploaded in the studio (size, alt text, focal point), by hash,
   * as the release read them; absent, pages read the content folder's (the dev server).
   */
  uploads?: Readonly<Record<string, UploadInfo>>;
};

type Scope = {
  source: ContentSource;
  /** The content as loaders see it: recording reads while a release renders. */
  content: Content;
  reads: Reads | null;
  /** The moment the page is rendered at: the release's, or the request's. */
  now: Date;
};

/**
 * The render under way. Route code reaches it through the site's load context
 * (core/lib/load-context.server.ts opens it around each request), and the
 * server, the release maker and the routes share this one module (decision 027).
 */
const storage = new AsyncLocalStorage<Scope>();

/** Runs `render` with pages reading `source`; with `reads`, every read is recorded there. */
export function withContentSource<T>(source: ContentSource, render: () => T, options: { reads?: Reads; now?: Date } = {}): T {
  const reads = options.reads ?? null;
  const content = reads ? trackReads(source.content, reads) : source.content;
  return storage.run({ source, content, reads, now: options.now ?? new Date() }, render);
}

export function activeScope(): Scope | undefined {
  return storage.getStore();
}


/**
 * A generated image's data from the source pages render from (a release's drawing; under the dev
 * server, `npm run images`' manifest), or null outside any scope (a page rendered alone reads that manifest).
 */
export function releasedImage(key: string): ImageData | undefined | null {
  const scope = storage.getStore();
  if (!scope) return null;
  scope.reads?.images.add(key);
  return scope.source.images[key];
}

/** When an entry last changed in a release (YYYY-MM-DD), if releases have recorded it. */
export function contentModified(collection: string, slug: string): string | undefined {
  const scope = storage.getStore();
  if (!scope) return undefined;
  if (scope.reads) scope.reads.modified = true;
  return scope.source.modified[`${collection}/${slug}`];
}

/**
 * The moment a page is rendered at. `granularity` says what of it the page
 * shows (the year in the footer, today's date for upcoming events), so a
 * release renders such a page again once that has changed.
 */
export function renderTime(granularity: "year" | "day"): Date {
  const scope = storage.getStore();
  if (!scope) return new Date();
  scope.reads?.clock.add(granularity);
  return scope.now;
}
