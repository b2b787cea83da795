import type { ServerBuild } from "react-router";
import { type Content, loadContent } from "#core/content/index.server.ts";
import type { ContentSource } from "#core/content/source.server.ts";
import { readUploads, UPLOADS_PUBLIC_PREFIX } from "#core/content/uploads.server.ts";
import { STUDIO_API } from "#core/studio/paths.ts";
import type { LiveRelease } from "./live.ts";
import type { OgSite } from "./og.ts";
import { fileCache } from "./record.ts";
import { createPageRenderer } from "./render.ts";

export type PreviewSite = {
  build: ServerBuild;
  site: OgSite;
  headTag: string | null;
  contentDir: string;
  /** The folder of releases (a release's search state is there: server/studio/search-preview.ts). */
  releasesRoot: string;
  /** The shared drawings of releases (covers, wordmarks, avatars). */
  imagesCache: string;
  live: () => LiveRelease;
};

/** The page's scripts go: a preview is looked at, not used (and its scripts would fetch live data). */
const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * A release publishes the copies of the uploads its pages show, no others
 * (server/releases/uploads.ts): a preview shows each from the studio's own
 * original instead, whether the site has its copies yet or not.
 */
const UPLOAD_COPY = new RegExp(`(?:https?://[^/"\\s]+)?${UPLOADS_PUBLIC_PREFIX}/([a-f\\d]{24})-[a-z\\d-]+\\.(?:avif|webp|jpg)`, "g");

/**
 * A page as the next publication would render it: the content as saved
 * (files whose bytes the live release already parsed are taken from it), with
 * an unsaved change laid over it (`change`), through the site's own code and
 * configuration. Links open in a new tab; nothing of the page runs.
 */
export async function renderPreview(site: PreviewSite, path: string, change?: (content: Content) => Content): Promise<string> {
  const live = site.live();
  const saved = loadContent(site.contentDir, fileCache({ content: live.source.content, contentFiles: live.contentFiles })).content;
  const content = change ? change(saved) : saved;
  // New entries may need artwork the live release has not drawn: named here, encoded by the release (decision 035).
  // The drawing code (fonts, outlines) is loaded by the first preview that needs it, not by every server.
  const images =
    content === live.source.content
      ? live.source.images
      : (await (await import("./artwork.ts")).drawArtwork(content, site.imagesCache, { encode: false })).images;
  const uploads = readUploads(site.contentDir);
  const source: ContentSource = { content, images, modified: live.source.modified, uploads };
  const render = createPageRenderer({ build: site.build, origin: site.site.origin, source, now: new Date(), headTag: site.headTag });
  const page = await render(path);
  if (page.html === null) throw new Error(`${path} is not a page`);
  return page.html
    .replace(SCRIPT, "")
    .replace("<head>", '<head><base target="_blank">')
    .replace(UPLOAD_COPY, (url, hash: string) => (uploads[hash]?.format ? `${STUDIO_API}/content/uploads/${hash}.${uploads[hash].format}` : url));
}

