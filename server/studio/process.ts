import { rmSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer as createHttp } from "../node-http.ts";
import { randomUUID } from "node:crypto";
import { env } from "#core/config/env.server.ts";
import { BUILD_DIR, CONTENT_DIR, RUNTIME_DIR } from "#core/config/folders.server.ts";
import { isStudioTarget } from "#core/studio/paths.ts";
import { createSecurityHeaders, securityOptionsFromEnv } from "../headers.ts";
import { createHttpServer } from "../http-server.ts";
import { startLeads } from "../leads/service.ts";
import { createLogger, loggablePath } from "../log.ts";
import { plain } from "../respond.ts";
import { runtimeConfigTag } from "../runtime-config.ts";
import { runtimeConfig } from "#core/config/env.server.ts";
import { readCodeId, startReleases } from "../releases/serving.ts";
import { siteOf } from "../releases/site-config.ts";
import { cacheDir, releasesRoot } from "../releases/store.ts";
import { loadServerBuild } from "../page-renderer.ts";
import { studioConfig } from "./config.ts";
import { createStudio } from "./index.ts";
import { STUDIO_SOCKET_VARIABLE, type StudioMessage } from "./room.ts";
import { CLOSE_HEADER } from "./stream.ts";

/*
 * The studio's own process (decision 034): its API, previews, history, «Медиа»,
 * exports, publications, schedules and retention, so none of that work runs
 * on the event loop that answers visitors. Started two ways:
 * - by the site's server (server/main.ts, through room.ts) on a private
 *   socket: the site streams /studio/* here and this process tells it when it
 *   is ready; it ends when the site's server does;
 * - alone (`npm run start:studio`, build/runtime/studio-server.js) on PORT,
 *   for a deployment that keeps the studio apart from the public replicas.
 */

export type StudioProcessOptions = {
  /** The folder of the app's page and files: build/studio, or the dev server's (its page names Vite's modules). */
  filesDir?: string;
  /**
   * The dev server's studio (scripts/dev/): there is no code build, so no releases are made or
   * previewed (the dev site shows the content as saved), and the styles Vite inserts are allowed.
   */
  dev?: boolean;
};

export async function runStudioProcess(options: StudioProcessOptions = {}): Promise<void> {
  const socketPath = process.env[STUDIO_SOCKET_VARIABLE];
  /** Run by the site's server: it logs each request and owns the address; this process only answers. */
  const underSite = typeof process.send === "function" && socketPath !== undefined;
  const log = createLogger({ level: env.LOG_LEVEL });
  const security = createSecurityHeaders(securityOptionsFromEnv(env));

  function tell(message: StudioMessage): void {
    if (underSite) process.send?.(message);
  }

  // Under the site's server, the site's process delivers the outbox; this one wakes it (mailQueued below).
  const leads = await startLeads(undefined, { delivers: !underSite });
  await Promise.race([leads.ready, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  const studio = createStudio({
    db: leads.db,
    ready: leads.ready,
    // With mail configured: the letter is delivered by the site's server under it (woken there), or here alone.
    mailQueued: leads.mailQueued
      ? () => {
          leads.mailQueued?.();
          tell({ type: "mail-queued" });
        }
      : undefined,
    config: studioConfig(env),
    settings: leads.settings,
    rateLimit: { perMinute: env.RATE_LIMIT_PER_MINUTE, burst: env.RATE_LIMIT_BURST },
    ...(options.dev ? { viteStyles: true } : { publishing: { root: releasesRoot(env), contentDir: CONTENT_DIR, runtimeDir: RUNTIME_DIR, code: readCodeId(BUILD_DIR) } }),
    ...(options.filesDir ? { filesDir: options.filesDir } : {}),
    onError: (message, error) => log.error(message, { error }),
    onWarning: (message, fields) => log.warn(message, fields),
  });
  // Previews render pages of the live release with the site's code, here and not in the site's process.
  if (!options.dev) {
    const releases = await startReleases({ env, buildDir: BUILD_DIR, runtimeDir: RUNTIME_DIR, variables: process.env, codeFiles: new Map(), log });
    studio.previews.attach({
      build: await loadServerBuild(),
      site: siteOf(env),
      // An editor's preview is not a visit: its pages carry no counter.
      headTag: runtimeConfigTag({ ...runtimeConfig(env), metrikaId: null }),
      contentDir: CONTENT_DIR,
      releasesRoot: releasesRoot(env),
      imagesCache: cacheDir(releasesRoot(env), "images"),
      live: () => releases.current(),
    });
  }

  /**
   * Under the site, "Connection: close" is passed on as CLOSE_HEADER and this socket stays open: the
   * site's server may still be sending the body, and a socket closed under it lost the answer (EPIPE).
   * The site's server closes the visitor's connection and ends this one (room.ts).
   */
  function keepOpen(res: ServerResponse): void {
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name, value) => (name.toLowerCase() === "connection" ? setHeader(CLOSE_HEADER, value) : setHeader(name, value));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const target = req.url ?? "/";
    const forwarded = req.headers["x-request-id"];
    const id = underSite && typeof forwarded === "string" ? forwarded : randomUUID();
    security.apply(res);
    res.setHeader("X-Request-Id", id);
    if (underSite) keepOpen(res);
    if (!underSite) {
      res.on("close", () => {
        log.request({ id, method: req.method ?? "GET", path: loggablePath(target), status: res.statusCode, ms: Math.round((performance.now() - started) * 100) / 100, aborted: !res.writableFinished });
      });
    }
    if (target === "/healthz") {
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Content-Type", "application/json");
      res.end(req.method === "HEAD" ? undefined : JSON.stringify({ status: "ok" }));
      return;
    }
    // Alone, the studio's address answers nothing else: the site lives on the public servers.
    if (!isStudioTarget(target)) return plain(res, 404, "Not Found");
    try {
      await studio.handle(req, res, log, id);
    } catch (error) {
      log.error("studio request failed", { id, path: loggablePath(target), error });
      if (res.headersSent) res.destroy();
      else plain(res, 500, "Internal Server Error");
    }
  }

  const server = underSite ? createHttp({ keepAliveTimeout: 65_000 }, (req, res) => void handle(req, res)) : createHttpServer({ handle, security, log }, env);

  function stop(): void {
    studio.stop();
    server.close();
    server.closeIdleConnections();
    void leads.stop().finally(() => {
      log.flush();
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 5_000).unref();
  }

  if (underSite) {
    // The site's server went away (stopped, or killed): so does its studio.
    process.on("disconnect", stop);
    process.on("SIGTERM", stop);
    // The socket file of an earlier run that ended abruptly would refuse the listen.
    rmSync(socketPath, { force: true });
    server.listen(socketPath, () => tell({ type: "ready" }));
  } else {
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
    server.listen(env.PORT, env.HOST, () => log.info("listening", { origin: env.SITE_ORIGIN, port: env.PORT, role: "studio" }));
  }
}
