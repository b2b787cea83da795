import { createHash } from "node:crypto";
import type { ServerBuild } from "react-router";
import { Reads, toPageDeps, type PageDeps } from "#core/content/reads.server.ts";
import type { ContentSource } from "#core/content/source.server.ts";
import { FEED_PATHS } from "#core/content/sitemap.server.ts";
import { detachHydrationData } from "../defer-hydration.ts";
import { createSiteRenderer } from "../page-renderer.ts";

export type RenderedPage = {
  path: string;
  /** URL path of each file → its bytes: the page, its data file and its hydration data, or a feed. */
  files: Map<string, Buffer>;
  /** What the page read of the content. */
  deps: PageDeps;
  /** The page's HTML (for its Open Graph picture and search record); none for feeds. */
  html: string | null;
};

export type PageRenderer = (path: string) => Promise<RenderedPage>;

/**
 * Renders pages to files with the site's renderer (server/page-renderer.ts),
 * in this process, the way React Router's prerendering does (a data request,
 * then the document), but without an HTTP server in between, from the
 * release's content, recording what each page reads.
 */
export function createPageRenderer(options: {
  build: ServerBuild;
  origin: string;
  source: ContentSource;
  now: Date;
  /** Public runtime configuration for every page (server/runtime-config.ts). */
  headTag: string | null;
  /**
   * Hydration data in a file of its own, named by its bytes (a release's pages); else inline
   * (a preview, which is one HTML document).
   */
  detachData?: boolean;
}): PageRenderer {
  const renderer = createSiteRenderer({ build: options.build, headTag: options.headTag });
  const sizes = Object.fromEntries(
    Object.entries(options.source.content).flatMap(([name, value]) => (Array.isArray(value) ? [[name, value.length]] : [])),
  );

  async function fetchOk(url: string, what: string, reads: Reads): Promise<Buffer> {
    const response = await renderer.answer(new Request(options.origin + url), { source: options.source, reads, now: options.now });
    const body = Buffer.from(await response.arrayBuffer());
    // 202: a data request whose loaders threw a 4xx on purpose would say so; anything but 200 is a broken page here.
    if (response.status !== 200) {
      throw new Error(`${what} ${url} answered ${response.status}${response.status >= 500 ? " (the error is logged above)" : ""}`);
    }
    return body;
  }

  return async (path) => {
    const reads = new Reads();
    const files = new Map<string, Buffer>();
    let html: string | null = null;
    if (FEED_PATHS.includes(path)) {
      files.set(path, await fetchOk(path, "feed", reads));
    } else {
      files.set(`${path}_.data`, await fetchOk(`${path}_.data`, "page data", reads));
      const rendered = (await fetchOk(path, "page", reads)).toString("utf8");
      const detached = options.detachData ? detachHydrationData(rendered) : null;
      let dataUrl: string | undefined;
      if (detached) {
        dataUrl = hydrationDataPath(detached.data);
        files.set(dataUrl, Buffer.from(detached.data));
      }
      html = renderer.finish(detached?.html ?? rendered, dataUrl);
      files.set(`${path}index.html`, Buffer.from(html));
    }
    return { path, files, deps: toPageDeps(reads, sizes), html };
  };
}

/** Named by their bytes: cached for a year, and a page's HTML names exactly the data it was rendered with. */
export const HYDRATION_DATA_PREFIX = "/assets/hydration/";

function hydrationDataPath(data: string): string {
  return `${HYDRATION_DATA_PREFIX}${createHash("sha256").update(data).digest("base64url").slice(0, 20)}.txt`;
}
