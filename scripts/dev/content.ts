import { existsSync, readFileSync, watch } from "node:fs";
import { CONTENT_DIR } from "#core/config/folders.server.ts";
import { loadContent } from "#core/content/index.server.ts";
import { withContentSource } from "#core/content/source.server.ts";
import { prerenderPaths } from "#core/content/sitemap.server.ts";
import type { ImageData } from "#core/images/types.ts";
import { parseRedirectTable } from "../../server/redirect-table.ts";
import type { LiveRelease } from "../../server/releases/live.ts";
import type { Releases } from "../../server/releases/serving.ts";
import { loadTables } from "../../server/releases/tables.ts";
import type { Logger } from "../../server/log.ts";

/**
 * What the dev server serves in place of a release: the content as it is in
 * content/ on disk, loaded and checked as a publication loads it (the tables
 * against the pages it makes), and loaded again after every change there (an
 * edit, a save in the studio). No page is rendered ahead: every page is
 * rendered on request. The artwork is `npm run images`' (its manifest); the
 * search index, the Open Graph pictures and the uploads' copies are made by
 * releases only, so the dev server has none of them.
 */

/** The release id pages and headers name under the dev server. */
export const DEV_RELEASE_ID = "dev";
/** Changes arriving together (a save writes several files, an editor writes twice) are loaded once. */
const SETTLE_MS = 150;

export function readDevRelease(contentDir: string, imagesManifest: string): LiveRelease {
  const { content } = loadContent(contentDir);
  const images = existsSync(imagesManifest) ? (JSON.parse(readFileSync(imagesManifest, "utf8")) as Record<string, ImageData>) : {};
  const source = { content, images, modified: {} };
  const livePages = withContentSource(source, () => prerenderPaths());
  const tables = loadTables(contentDir, livePages);
  const now = new Date().toISOString();
  return {
    id: DEV_RELEASE_ID,
    record: {
      id: DEV_RELEASE_ID,
      createdAt: now,
      author: "",
      message: "Содержимое content/ на диске",
      commit: null,
      previous: null,
      code: DEV_RELEASE_ID,
      config: DEV_RELEASE_ID,
      full: null,
      pages: { rendered: 0, reused: 0, removed: 0 },
      files: { written: 0, reused: 0 },
      drawn: 0,
      seconds: 0,
      steps: {},
    },
    // Vite answers the build's and public/'s files before the pipeline looks (scripts/dev/vite.ts).
    files: new Map(),
    scriptHashes: new Map(),
    redirects: parseRedirectTable(tables.redirects),
    routeRules: tables.routeRules,
    gone: new Set(),
    source,
    contentFiles: {},
  };
}

/** The content on disk as the live release, loaded again when it changes; a change that does not load keeps the one before (and says why). */
export function watchDevContent(imagesManifest: string, log: Logger, contentDir = CONTENT_DIR): Releases {
  let live = readDevRelease(contentDir, imagesManifest);
  let timer: NodeJS.Timeout | undefined;
  const reload = () => {
    try {
      live = readDevRelease(contentDir, imagesManifest);
      log.info("content reloaded", { dir: contentDir });
    } catch (error) {
      log.error("content did not load; the pages show it as it was", { error: (error as Error).message });
    }
  };
  const watcher = watch(contentDir, { recursive: true, persistent: false }, (_event, name) => {
    // git's own files change when the studio commits; they are not content.
    if (name?.startsWith(".git")) return;
    clearTimeout(timer);
    timer = setTimeout(reload, SETTLE_MS);
  });
  return {
    current: () => live,
    stop: () => {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
