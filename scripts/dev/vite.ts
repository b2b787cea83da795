import { readFileSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { join, resolve } from "node:path";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { STUDIO_BASE } from "#core/studio/paths.ts";
import type { Front } from "../../server/main.ts";

/**
 * Vite in middleware mode, in front of the server's pipeline (decision 040):
 * two dev servers, the site's (vite.config.ts, React Router's plugin) and the
 * studio's (studio/vite.config.ts, under /studio/), each answering its
 * modules, its public files and its hot reload (over the site's own HTTP
 * server's upgrades). What neither answers (pages, redirects, forms, the
 * studio's page and API) goes through the pipeline as in production.
 */
export type DevVite = {
  front: Front;
  /** The site's server build as it is now: Vite loads again what an edit changed. */
  build: () => Promise<ServerBuild>;
  close(): Promise<void>;
};

/** React Router's plugin's name of the server build (`react-router dev` loads the same). */
const SERVER_BUILD = "virtual:react-router/server-build";

async function viteFor(configFile: string, server: Server, cacheDir?: string): Promise<ViteDevServer> {
  return createServer({
    configFile,
    ...(cacheDir ? { cacheDir } : {}),
    // Pages and the studio's page are the server's, never Vite's: no HTML answered here.
    appType: "custom",
    server: { middlewareMode: true, hmr: { server } },
  });
}

/**
 * Both dev servers, their hot reload speaking over `server`, and the studio's page as Vite
 * serves it (its modules and hot reload client named) written into `studioFiles`: the page the
 * studio's process sends for every studio address (server/studio/files.ts).
 */
export async function startDevVite(server: Server, studioFiles: string): Promise<DevVite> {
  const site = await viteFor("vite.config.ts", server);
  // A cache of its own: sharing node_modules/.vite, each would find the other's and optimize again.
  const studio = await viteFor("studio/vite.config.ts", server, resolve("node_modules/.vite-studio"));
  const page = await studio.transformIndexHtml(`${STUDIO_BASE}/index.html`, readFileSync("studio/index.html", "utf8"));
  writeFileSync(join(studioFiles, "index.html"), page);

  const front: Front = (req, res, next) => {
    const url = req.url ?? "/";
    // Each Vite rewrites `req.url` (its base taken off) before passing a request on.
    const onward = (error?: unknown) => {
      req.url = url;
      next(error);
    };
    const own = url === STUDIO_BASE || url.startsWith(`${STUDIO_BASE}/`) ? studio : site;
    own.middlewares(req, res, onward);
  };
  return {
    front,
    build: () => site.ssrLoadModule(SERVER_BUILD) as Promise<ServerBuild>,
    async close() {
      await Promise.all([site.close(), studio.close()]);
    },
  };
}
