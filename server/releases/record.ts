import { createHash } from "node:crypto";
import type { RuntimeConfig } from "#core/config/env.server.ts";
import { COLLECTIONS, DOCUMENTS } from "#core/content/index.server.ts";
import type { FileCache } from "#core/content/load.server.ts";
import type { PageDeps } from "#core/content/reads.server.ts";
import type { ContentSource } from "#core/content/source.server.ts";
import type { Fingerprints } from "./changes.ts";
import type { FileManifest } from "./files.ts";
import type { OgSite } from "./og.ts";
import type { ReleaseRecord } from "./store.ts";
import type { ContentTables } from "./tables.ts";

/*
 * What a release is, for those who serve, preview or check it (the server,
 * the studio) without making one: the release maker (publish.ts), with the
 * image and search tools it needs, is loaded only by `npm run publish`.
 */

/** What a release remembers of each page: what it read, its files, its CSP hashes. */
/** A page of a release: what it read, its files, its inline scripts' hashes, and the uploads (by hash) whose copies it shows. */
export type PageState = { deps: PageDeps; files: string[]; csp?: string[]; uploads?: string[] };

/** state.json: what the next release (and the server) needs of this one. */
export type ReleaseState = {
  fingerprints: Fingerprints;
  pages: Record<string, PageState>;
  files: FileManifest;
  /** Files kept from the release before for tabs still open on it (index chunks, images), dropped next time. */
  retired: string[];
};

/** source.json: the content the release was rendered from, and the server's tables. */
export type ReleaseSource = ContentSource & { tables: ContentTables; contentFiles: Record<string, string> };

/** Content or a table is broken: nothing was published and the live release stays. */
export class PublishRefused extends Error {
  override name = "PublishRefused";
}

/**
 * Whether a server with this code and configuration serves a release (else it must make one): the
 * same code and configuration, and the counter the server's environment fixes (PUBLIC_METRIKA_ID),
 * if it fixes one. Without it, the counter is whichever the release carries (set on «Настройки»).
 */
export function madeBy(record: ReleaseRecord, code: string, config: string, fixedCounter: string | null): boolean {
  return record.code === code && record.config === config && (fixedCounter === null || record.metrikaId === fixedCounter);
}

/** The configuration pages are rendered with, but the counter: that one follows the releases (publish.ts, `counterOf`). */
export function configFingerprint(site: OgSite, runtime: RuntimeConfig): string {
  const { metrikaId: _followsTheRelease, ...rest } = runtime;
  return createHash("sha1").update(JSON.stringify([site, rest])).digest("base64url").slice(0, 12);
}

/** A release's parsed files, by path, for loadContent to reuse (the next release, a preview). */
export function fileCache(previous: Pick<ReleaseSource, "content" | "contentFiles">): FileCache {
  const cache = new Map<string, { hash: string; value: unknown }>();
  const hashOf = (path: string) => previous.contentFiles[path];
  for (const [name, { folder }] of Object.entries(COLLECTIONS)) {
    for (const entry of (previous.content as unknown as Record<string, Array<{ slug: string }>>)[name] ?? []) {
      const path = `${folder}/${entry.slug}.md`;
      const hash = hashOf(path);
      if (hash) cache.set(path, { hash, value: entry });
    }
  }
  for (const [name, { file }] of Object.entries(DOCUMENTS)) {
    const hash = hashOf(file);
    if (hash) cache.set(file, { hash, value: (previous.content as unknown as Record<string, unknown>)[name] });
  }
  return cache;
}
