import { createContext, type MiddlewareFunction, RouterContextProvider } from "react-router";
import type { Reads } from "../content/reads.server.ts";
import { type ContentSource, withContentSource } from "../content/source.server.ts";
import { type LeadsService, leadsContext } from "../forms/service.server.ts";
import type { IndexReader } from "../search/index-reader.ts";

/** What a page is rendered from: a release's content, what it reads recorded when asked, at a moment. */
export type RenderScope = { source: ContentSource; reads?: Reads; now?: Date };

/**
 * What the server hands the site's route code for one request. It is the one
 * seam between them (decision 027): the site's build exports
 * `createSiteContext` (app/entry.server.tsx), and the server builds every
 * request's load context with it, so route code never looks for a service in
 * a global.
 */
export type SiteCapabilities = {
  content?: RenderScope;
  /** Absent where no form is accepted (a release's pages, a preview). */
  leads?: LeadsService;
  /** The live release's search index, for results rendered into /search/?q=…; absent in a release's pages and previews. */
  searchIndex?: IndexReader;
};

const contentContext = createContext<RenderScope | null>(null);

/** The search index a page rendered on request may answer a query from (app/routes/search/search.server.ts). */
export const searchIndexContext = createContext<IndexReader | null>(null);

export function createSiteContext(capabilities: SiteCapabilities): RouterContextProvider {
  const context = new RouterContextProvider();
  if (capabilities.content) context.set(contentContext, capabilities.content);
  if (capabilities.leads) context.set(leadsContext, capabilities.leads);
  if (capabilities.searchIndex) context.set(searchIndexContext, capabilities.searchIndex);
  return context;
}

/**
 * The root's server middleware: loaders, actions and the render below it read
 * the scope's content (core/content/index.server.ts), each request its own.
 * Without a scope (a page rendered outside the server: a test, a script), pages
 * read the files under content/; the dev server hands a scope of content/ too.
 */
export const contentScope: MiddlewareFunction<Response> = ({ context }, next) => {
  const scope = context.get(contentContext);
  if (!scope) return next();
  return withContentSource(scope.source, next, { ...(scope.reads ? { reads: scope.reads } : {}), ...(scope.now ? { now: scope.now } : {}) });
};
