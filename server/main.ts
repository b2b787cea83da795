import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";
import { env } from "#core/config/env.server.ts";
import { CONTENT_DIR, SHIPPED_CONTENT_DIR } from "#core/config/folders.server.ts";
import { paths } from "#core/lib/paths.ts";
import { createHttpServer } from "./http-server.ts";
import { trackQuietConnections } from "./quiet-connections.ts";
import { leadsConfig } from "./leads/config.ts";
import { createFormGuard } from "./leads/guard.ts";
import { startLeads } from "./leads/service.ts";
import { compactHeap } from "./releases/heap.ts";
import { addMissingDocuments, seedContent } from "./releases/history.ts";
import { DOCUMENT_CATALOG } from "#core/content/catalog.ts";
import { type WiringOverrides, wireServer } from "./wiring.ts";
import { createLogger } from "./log.ts";
import { plain } from "./respond.ts";
import { createStudioRoom, type StudioRoomOptions } from "./studio/room.ts";

/*
 * The server's start: through index.ts (which fixes NODE_ENV first) for `npm start`, and through
 * scripts/dev/ for `npm run dev`, which swaps where the site's build and static files come from
 * and nothing else (decision 040).
 */

const SHUTDOWN_DEADLINE_MS = 8_000;
/** After the drain, a connection quiet this long is closed (its client sent nothing more); checked this often. */
const QUIET_MS = 500;
const QUIET_SWEEP_MS = 100;
/** The studio's process is waited for this long before the site listens without it (its pages answer 503 until it is up). */
const STUDIO_START_MS = 60_000;
/** Rendered before listening: loading content on the first request cost a visitor ~2.5 s. */
const WARM_UP = [paths.search("warm-up"), "/warm-up/not-found/"];

/** Answers a request before the pipeline, or passes it on (`next`); the dev server's Vite middlewares. */
export type Front = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

export type SiteSources = {
  /** Parts of the wiring swapped (the dev server: the build from Vite, the content from disk, its CSP). */
  wiring?: WiringOverrides;
  /** The studio process's program and its arguments (the dev server's serves the app from Vite). */
  studio?: Pick<StudioRoomOptions, "script" | "args">;
  /**
   * Put in front of the pipeline once the HTTP server exists (Vite's hot reload speaks over
   * its upgrades): what it does not answer goes through the pipeline as any request does.
   */
  front?: (server: Server) => Promise<Front>;
};

export async function startSite(sources: SiteSources = {}): Promise<void> {
  let shuttingDown = false;
  // A content folder of its own (a volume) starts as the content shipped with the code, under git.
  if (CONTENT_DIR !== SHIPPED_CONTENT_DIR && (await seedContent(CONTENT_DIR, SHIPPED_CONTENT_DIR))) {
    console.log(JSON.stringify({ level: "info", msg: "content folder created", dir: CONTENT_DIR }));
  }
  if (CONTENT_DIR !== SHIPPED_CONTENT_DIR) {
    const added = await addMissingDocuments(CONTENT_DIR, SHIPPED_CONTENT_DIR, Object.values(DOCUMENT_CATALOG).map((d) => d.file));
    if (added.length > 0) console.log(JSON.stringify({ level: "info", msg: "content documents added", files: added }));
  }
  // Forms: storage (migrations run now, idempotently), delivery, abuse guard.
  // Pages do not wait long for a database that is down: forms answer 503 until it is back.
  const leads = await startLeads();
  await Promise.race([leads.ready, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  const log = createLogger({ level: env.LOG_LEVEL });
  // The studio runs in a process of its own, on the same store, and its pages are streamed to it
  // (decision 034); STUDIO=off: none, /studio/ answers 404 like any unknown address.
  const studio = env.STUDIO ? createStudioRoom({ trustedProxyHops: env.TRUSTED_PROXY_HOPS, log, onMailQueued: leads.mailQueued, ...sources.studio }) : undefined;
  const site = await wireServer(env, { log, isShuttingDown: () => shuttingDown, leads: leads.service, searchLogStore: leads.searchLog, landingViews: leads.landingViews, guard: createFormGuard(leadsConfig()), studio, ...sources.wiring });
  site.readiness.register("database", leads.check);
  // The front needs the server (its upgrades), and the server's handler the front: set once made.
  const fronted: { front?: Front } = {};
  const server = createHttpServer(sources.front ? { ...site, handle: (req, res) => before(fronted.front, req, res, site.handle) } : site, env);
  if (sources.front) fronted.front = await sources.front(server);
  const connections = trackQuietConnections(server);
  // Started once the live release exists (the studio's previews read it), while the site warms up.
  const [studioUp] = await Promise.all([studio?.start(STUDIO_START_MS), site.handle.warmUp(WARM_UP)]);
  if (studio && !studioUp) log.error("studio did not start in time; its pages answer 503 until it does", { waitedMs: STUDIO_START_MS });
  // Before any visitor: what loading the release and the warm-up left in the heap goes back (releases/heap.ts).
  const compactedMs = compactHeap();
  if (compactedMs !== null) log.info("heap compacted", { reason: "start", ms: Math.round(compactedMs) });

  server.listen(env.PORT, env.HOST, () => {
    log.info("listening", { origin: env.SITE_ORIGIN, port: env.PORT });
  });

  /**
   * SIGTERM/SIGINT: drain, stop accepting, let in-flight requests finish, exit
   * within 10 s whatever happens. During the drain /readyz answers 503 (the
   * balancer stops sending) and every response carries `Connection: close`.
   * Then only the listening socket is closed: http.Server's own close() would
   * also drop keep-alive connections it deems idle even when the client's next
   * request is already on the wire. A connection is closed once it has been quiet
   * for QUIET_MS (quiet-connections.ts), so the process can exit before the deadline.
   */
  function exit() {
    log.flush();
    process.exit(0);
  }

  function exitAfterStudio() {
    // The landings' views counted since their last write go to the store first.
    void Promise.allSettled([studio?.stop(), site.landings?.flush()]).finally(exit);
  }

  function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info("shutting down", { signal, drainMs: env.SHUTDOWN_DRAIN_MS });
    setTimeout(() => {
      NetServer.prototype.close.call(server, exitAfterStudio);
      const sweep = setInterval(() => connections.closeQuiet(QUIET_MS) === 0 && clearInterval(sweep), QUIET_SWEEP_MS).unref();
    }, env.SHUTDOWN_DRAIN_MS).unref();
    setTimeout(() => {
      log.warn("shutdown deadline: closing remaining connections");
      server.closeAllConnections();
      exit();
    }, SHUTDOWN_DEADLINE_MS).unref();
  }

  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** A request offered to the front first; what it passes on goes through the pipeline, a failure of its own answers 500. */
function before(front: Front | undefined, req: IncomingMessage, res: ServerResponse, handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Promise<void> {
  if (!front) return handle(req, res);
  return new Promise((resolve) => {
    front(req, res, (error) => {
      if (error === undefined) return void handle(req, res).finally(resolve);
      if (!res.headersSent) plain(res, 500, `Ошибка до\u00a0обработки запроса: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      else res.destroy();
      resolve();
    });
  });
}
