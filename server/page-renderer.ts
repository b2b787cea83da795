import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { RUNTIME_DIR } from "#core/config/folders.server.ts";
import type { LeadsService } from "#core/forms/service.server.ts";
import type { RenderScope, SiteCapabilities } from "#core/lib/load-context.server.ts";
import type { IndexReader } from "#core/search/index-reader.ts";
import { deferHydration } from "./defer-hydration.ts";
import { injectIntoHead } from "./runtime-config.ts";

/**
 * The site's server build, from the code build (build/runtime/index.js). The
 * server, the release maker and the studio's command are built with it in one
 * bundle (scripts/server-entries.ts), so importing it adds the route modules
 * to the modules already loaded, never a second copy of what they share.
 */
export async function loadServerBuild(): Promise<ServerBuild> {
  return (await import(pathToFileURL(join(RUNTIME_DIR, "index.js")).href)) as ServerBuild;
}

type SiteEntry = { createSiteContext?: (capabilities: SiteCapabilities) => RouterContextProvider };

/**
 * The one way a page is rendered: at request time (server/render.ts), into a
 * release and for a preview (server/releases/render.ts). The build answers a
 * Request with the capabilities its routes need in the load context (the
 * content to render from, the leads service where forms are accepted), and an
 * HTML page is finished the same way everywhere.
 */
export type SiteRenderer = {
  /** `searchIndex`: the live release's, where a page rendered on request may answer a search. */
  answer(request: Request, scope: RenderScope, searchIndex?: IndexReader): Promise<Response>;
  /**
   * A rendered page as it is sent: its app started after the content
   * (decision 016), its hydration data loaded from `dataUrl` when the data
   * has a file of its own, the runtime configuration in its head: `headTag`
   * where given (the live release's), else the renderer's.
   */
  finish(html: string, dataUrl?: string, headTag?: string | null): string;
};

/**
 * Where the site's server build comes from: the code build's, loaded once
 * (loadServerBuild), or, under the dev server, a function giving the build as
 * it is now (Vite loads it again after an edit), asked on every request.
 */
export type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

type Prepared = { handle: ReturnType<typeof createRequestHandler>; createContext: (capabilities: SiteCapabilities) => RouterContextProvider };

export function createSiteRenderer(options: {
  build: BuildSource;
  /** Public runtime configuration for every page (server/runtime-config.ts). */
  headTag: string | null | undefined;
  leads?: LeadsService;
  /**
   * React Router's development mode (the dev server): the styles of a page inlined into it
   * before its scripts run, and errors shown with their stack.
   */
  development?: boolean;
  /** What is done to each build before it answers (server/render.ts: its errors logged as JSON lines). */
  adapt?: (build: ServerBuild) => ServerBuild;
}): SiteRenderer {
  const { headTag, leads, adapt } = options;
  // One handler per build: the code build's for the server's life, Vite's until the next edit.
  const prepared = new WeakMap<ServerBuild, Prepared>();
  const prepare = (build: ServerBuild): Prepared => {
    const known = prepared.get(build);
    if (known) return known;
    const adapted = adapt ? adapt(build) : build;
    // The build's own seam (app/entry.server.tsx): its routes read the context it makes.
    const createContext = (adapted.entry.module as SiteEntry).createSiteContext;
    if (!createContext) throw new Error("the site's server build exports no createSiteContext (app/entry.server.tsx)");
    const made = { handle: createRequestHandler(adapted, options.development ? "development" : "production"), createContext };
    prepared.set(build, made);
    return made;
  };
  const source = options.build;
  const fixed = typeof source === "function" ? null : prepare(source);
  return {
    async answer(request, scope, searchIndex) {
      const { handle, createContext } = fixed ?? prepare(await (source as () => Promise<ServerBuild>)());
      return handle(request, createContext({ content: scope, ...(leads ? { leads } : {}), ...(searchIndex ? { searchIndex } : {}) }));
    },
    finish(html, dataUrl, own) {
      const deferred = deferHydration(html, dataUrl ? { dataUrl } : {});
      const tag = own === undefined ? headTag : own;
      return tag ? injectIntoHead(deferred, tag) : deferred;
    },
  };
}
